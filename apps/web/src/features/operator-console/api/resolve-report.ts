import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResolveReportRequest } from '@si/contracts';
import { consoleKeys, consoleRequest } from './console-request';

/** POST /api/admin/reports/:id/resolve: dismiss, hold the profile or delete it, saying why. */
export function resolveReport({
  id,
  ...body
}: ResolveReportRequest & { id: string }): Promise<unknown> {
  return consoleRequest(`/reports/${encodeURIComponent(id)}/resolve`, { method: 'POST', body });
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    // The profile's other reports, its state and the log moved with it. Not awaited: the
    // caller's own success runs at once, before the refreshed queue unmounts the report.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: consoleKeys.all });
    },
  });
}
