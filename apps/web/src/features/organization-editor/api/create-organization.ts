import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrganizationRequest, Organization } from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import { organizationChanged } from './organization-queries';

/** POST /api/organizations: the server sets createdBy and paymentStatus ('pending'). */
export function createOrganization(input: CreateOrganizationRequest): Promise<Organization> {
  return apiData<Organization>('/organizations', { method: 'POST', body: input });
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: (organization) => organizationChanged(queryClient, organization),
  });
}
