import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmVerificationRequest, OrganizationVerification } from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import { verificationChanged } from './organization-queries';

/** POST /api/organizations/{id}/verification: the code from the email; answers the badge. */
export function confirmVerification({
  id,
  code,
}: ConfirmVerificationRequest & { id: string }): Promise<OrganizationVerification> {
  return apiData<OrganizationVerification>(
    `/organizations/${encodeURIComponent(id)}/verification`,
    { method: 'POST', body: { code } },
  );
}

export function useConfirmVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmVerification,
    onSuccess: (verification, { id }) => verificationChanged(queryClient, id, verification),
  });
}
