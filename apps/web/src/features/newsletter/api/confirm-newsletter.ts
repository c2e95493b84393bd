import { queryOptions, useQuery } from '@tanstack/react-query';
import { newsletterTexts } from '@si/contracts';
import { apiData } from '../../../lib/api-client';

/** POST /api/newsletter/confirm : the confirmation link's token makes the address a subscriber. */
export function confirmNewsletter(token: string): Promise<{ confirmed: true }> {
  return apiData<{ confirmed: true }>('/newsletter/confirm', {
    method: 'POST',
    body: { token },
    sessionRefresh: false,
    fallbackMessage: newsletterTexts.linkInvalid,
  });
}

/**
 * A query, not a mutation: the page asks once per token for the visit (a second render, or
 * React's double effects in development, reuses the answer instead of using the link again).
 */
export const confirmNewsletterQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['newsletter-confirm', token],
    queryFn: () => confirmNewsletter(token),
    staleTime: Infinity,
    retry: false,
  });

export function useConfirmNewsletter(token: string) {
  return useQuery({ ...confirmNewsletterQueryOptions(token), enabled: token !== '' });
}
