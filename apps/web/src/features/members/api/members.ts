import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateInvitationRequest,
  MemberRole,
  OrganizationMembers,
  PendingInvitation,
  TransferOwnershipRequest,
} from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import { organizationKeys } from '../../../lib/organization-queries';

/*
 * An organization's members and invitations (ADR 047, 049). Every write loads the members, the
 * invitations and the caller's own organizations again: a role, a seat or the caller's own
 * membership may have changed, and the server is the one to say how.
 */

const organizationPath = (organizationId: string) =>
  `/organizations/${encodeURIComponent(organizationId)}`;
const membersPath = (organizationId: string) => `${organizationPath(organizationId)}/members`;
const invitationsPath = (organizationId: string) =>
  `${organizationPath(organizationId)}/invitations`;

export const membersKey = (organizationId: string) => ['members', organizationId] as const;
export const ownerInvitationsKey = (organizationId: string) =>
  ['owner-invitations', organizationId] as const;

/** GET /api/organizations/:id/members: the members and the caller's role (404 to anyone else). */
export function useMembers(organizationId: string) {
  return useQuery({
    queryKey: membersKey(organizationId),
    queryFn: ({ signal }) => apiData<OrganizationMembers>(membersPath(organizationId), { signal }),
    // A refusal is the answer (not a member): shown at once, not asked again.
    retry: false,
  });
}

/** GET /api/organizations/:id/invitations: the open ones (owners only). */
export function useOwnerInvitations(organizationId: string) {
  return useQuery({
    queryKey: ownerInvitationsKey(organizationId),
    queryFn: ({ signal }) =>
      apiData<PendingInvitation[]>(invitationsPath(organizationId), { signal }),
  });
}

export type MemberWrite =
  | { kind: 'role'; userId: string; role: MemberRole }
  | { kind: 'remove'; userId: string }
  /** The caller takes themselves out. */
  | { kind: 'leave'; userId: string }
  | { kind: 'transfer'; request: TransferOwnershipRequest }
  | { kind: 'invite'; request: CreateInvitationRequest }
  | { kind: 'resend'; invitationId: string }
  | { kind: 'revoke'; invitationId: string };

function sendMemberWrite(organizationId: string, write: MemberWrite): Promise<unknown> {
  const member = (userId: string) => `${membersPath(organizationId)}/${encodeURIComponent(userId)}`;
  const invitation = (invitationId: string) =>
    `${invitationsPath(organizationId)}/${encodeURIComponent(invitationId)}`;
  switch (write.kind) {
    case 'role':
      return apiData(member(write.userId), { method: 'PATCH', body: { role: write.role } });
    case 'remove':
    case 'leave':
      return apiData(member(write.userId), { method: 'DELETE' });
    case 'transfer':
      return apiData(`${membersPath(organizationId)}/transfer`, {
        method: 'POST',
        body: write.request,
      });
    case 'invite':
      return apiData<PendingInvitation>(invitationsPath(organizationId), {
        method: 'POST',
        body: write.request,
      });
    case 'resend':
      return apiData<PendingInvitation>(`${invitation(write.invitationId)}/resend`, {
        method: 'POST',
        body: {},
      });
    case 'revoke':
      return apiData(invitation(write.invitationId), { method: 'DELETE' });
  }
}

/** Whether the write takes the caller out of the organization. */
export const leavesOrganization = (write: MemberWrite) =>
  write.kind === 'leave' || (write.kind === 'transfer' && write.request.then === 'leave');

/**
 * The members' and invitations' writes. Resolves once the lists on screen have their new
 * answers, so a dialog closes on the page as it now is. After leaving, the organization's
 * lists are forgotten rather than asked again: the caller may no longer read them.
 */
export function useMemberWrite(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: MemberWrite) => sendMemberWrite(organizationId, write),
    onSuccess: (_, write) => {
      const lists = [membersKey(organizationId), ownerInvitationsKey(organizationId)];
      if (leavesOrganization(write)) {
        for (const queryKey of lists) queryClient.removeQueries({ queryKey });
        return queryClient.invalidateQueries({ queryKey: organizationKeys.mine });
      }
      return Promise.all([
        ...lists.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        queryClient.invalidateQueries({ queryKey: organizationKeys.mine }),
      ]);
    },
  });
}
