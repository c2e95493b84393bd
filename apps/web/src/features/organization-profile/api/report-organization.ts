import { useMutation } from '@tanstack/react-query';
import { reportTexts, type CreateReportRequest } from '@si/contracts';
import { apiData } from '../../../lib/api-client';

/**
 * POST /api/organizations/{id}/reports, or /api/organizations/{id}/roles/{roleId}/reports for
 * one of its roles (ADR 045): the same thanks for a new report and a repeat (ADR 029).
 */
export function reportOrganization(
  id: string,
  report: CreateReportRequest,
  roleId?: string,
): Promise<{ received: true }> {
  const about = roleId ? `/roles/${encodeURIComponent(roleId)}` : '';
  return apiData<{ received: true }>(`/organizations/${encodeURIComponent(id)}${about}/reports`, {
    method: 'POST',
    body: report,
    fallbackMessage: reportTexts.failed,
  });
}

export function useReportOrganization(id: string, roleId?: string) {
  return useMutation({
    mutationFn: (report: CreateReportRequest) => reportOrganization(id, report, roleId),
  });
}
