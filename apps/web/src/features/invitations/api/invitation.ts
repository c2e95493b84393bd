import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptedInvitation, InvitationPreview } from '@si/contracts';
import { apiData } from '../../../lib/api-client';

const path = (token: string) => `/invitations/${encodeURIComponent(token)}`;

/** GET /api/invitations/:token : what the link offers; refused links are answers, not retried. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () => apiData<InvitationPreview>(path(token)),
    retry: false,
    staleTime: Infinity,
  });
}

/** POST /api/invitations/:token/accept; the caller's organizations change with it. */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiData<AcceptedInvitation>(`${path(token)}/accept`, { method: 'POST', body: {} }),
    // Everything the membership changes (the session's organizations, the dashboard), but not
    // this invitation: its page shows the success, not the link now being used.
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'invitation' }),
  });
}
