import { useMutation } from '@tanstack/react-query';
import { reportTexts, type CreateReportRequest } from '@si/contracts';
import { apiData } from '../../../lib/api-client';

/** POST /api/organizations/{id}/reports: the same thanks for a new report and a repeat (ADR 029). */
export function reportOrganization(
  id: string,
  report: CreateReportRequest,
): Promise<{ received: true }> {
  return apiData<{ received: true }>(`/organizations/${encodeURIComponent(id)}/reports`, {
    method: 'POST',
    body: report,
    fallbackMessage: reportTexts.failed,
  });
}

export function useReportOrganization(id: string) {
  return useMutation({
    mutationFn: (report: CreateReportRequest) => reportOrganization(id, report),
  });
}
