import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Organization, UpdateOrganizationRequest } from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import { organizationChanged } from './organization-queries';

/** PUT /api/organizations/{id}: the whole editable profile, made on `version`. */
export function updateOrganization({
  id,
  changes,
}: {
  id: string;
  changes: UpdateOrganizationRequest;
}): Promise<Organization> {
  return apiData<Organization>(`/organizations/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: changes,
  });
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: (organization) => organizationChanged(queryClient, organization),
  });
}
