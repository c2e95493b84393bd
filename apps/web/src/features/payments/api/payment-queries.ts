import type { QueryClient } from '@tanstack/react-query';
import { organizationKeys } from '../../../lib/organization-queries';
import { userQueryKey } from '../../../lib/session';

/**
 * Keys of the payment queries. They sit under the user's key, so they are forgotten with the
 * user (lib/forget-user.ts): a subscription is only ever its owner's.
 */
export const subscriptionsKey = [...userQueryKey, 'subscriptions'] as const;
export const subscriptionListKey = [...subscriptionsKey, 'list'] as const;
/** Past invoices: under the subscriptions' key, so a payment landing reads them again. */
export const invoiceListKey = [...subscriptionsKey, 'invoices'] as const;
export const organizationSubscriptionKey = (organizationId: string) =>
  [...subscriptionsKey, 'organization', organizationId] as const;

/**
 * After a payment or a guest code: the organization is published now, so everything that shows
 * it (the editor's and the profile's copy, the directory's lists and counts, the user's lists and
 * subscriptions) is read again. Resolves once the queries on screen have their new answers.
 */
export async function publicationChanged(
  queryClient: QueryClient,
  organizationId: string,
): Promise<void> {
  // A first read of the organization still on its way began before the payment landed; an
  // invalidation would join it rather than ask again, so it is called off first.
  await queryClient.cancelQueries({ queryKey: organizationKeys.detail(organizationId) });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
    queryClient.invalidateQueries({ queryKey: userQueryKey }),
  ]);
}
