import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Milestone, MilestoneInputFields } from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import { organizationKeys } from '../../../lib/organization-queries';

const milestonesPath = (organizationId: string) =>
  `/organizations/${encodeURIComponent(organizationId)}/milestones`;

export const ownerMilestonesKey = (organizationId: string) =>
  ['owner-milestones', organizationId] as const;

export const ownerMilestonesQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ownerMilestonesKey(organizationId),
    queryFn: ({ signal }) => apiData<Milestone[]>(milestonesPath(organizationId), { signal }),
  });

/** GET /api/organizations/:id/milestones: newest first, as the profile shows them. */
export function useOwnerMilestones(organizationId: string) {
  return useQuery(ownerMilestonesQueryOptions(organizationId));
}

export type MilestoneWrite =
  | { kind: 'create'; input: MilestoneInputFields }
  | { kind: 'update'; milestoneId: string; input: MilestoneInputFields }
  | { kind: 'delete'; milestoneId: string };

function sendMilestoneWrite(organizationId: string, write: MilestoneWrite): Promise<unknown> {
  const path = (id: string) => `${milestonesPath(organizationId)}/${encodeURIComponent(id)}`;
  switch (write.kind) {
    case 'create':
      return apiData<Milestone>(milestonesPath(organizationId), {
        method: 'POST',
        body: write.input,
      });
    case 'update':
      return apiData<Milestone>(path(write.milestoneId), { method: 'PUT', body: write.input });
    case 'delete':
      return apiData(path(write.milestoneId), { method: 'DELETE' });
  }
}

export function useMilestoneWrite(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: MilestoneWrite) => sendMilestoneWrite(organizationId, write),
    // The profile's copy too (kept under the organization's key): the owner may look at it next.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ownerMilestonesKey(organizationId) }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.detail(organizationId) }),
      ]),
  });
}
