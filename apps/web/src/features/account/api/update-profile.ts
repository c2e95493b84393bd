import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';
import { sessionQueryKey, userQueryKey } from '../../../lib/session';

/** POST /api/auth/update-user: sets the display name. */
export function updateDisplayName(name: string): Promise<unknown> {
  return apiData('/auth/update-user', { method: 'POST', body: { name } });
}

export function useUpdateDisplayName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDisplayName,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
        queryClient.invalidateQueries({ queryKey: userQueryKey }),
      ]),
  });
}
