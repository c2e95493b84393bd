import { paymentErrorCodes, paymentMessages, type Invoice, type Subscription } from '@si/contracts';
import type { AuthSession } from '../../identity/session.ts';
import { toInvoice, toSubscription } from './mapper.ts';
import type { PaymentContext } from './payment-context.ts';
import { atProvider, conflict } from './payment-errors.ts';

/** What an owner sees of their billing: subscriptions, past invoices, the provider's portal. */
export function createBilling(context: PaymentContext) {
  const { options, repository, organizations, publicUrl, provider, currentOf } = context;

  return {
    async subscriptionFor(session: AuthSession | null, organizationId: string) {
      const organization = await organizations.requireMemberOrganization(
        session,
        organizationId,
        'billing',
      );
      return currentOf(organization.id);
    },

    async mySubscriptions(session: AuthSession | null): Promise<Subscription[]> {
      const user = organizations.requireEditor(session);
      return (await repository.currentForOwner(user.id)).map(toSubscription);
    },

    /**
     * The caller's past invoices: of every organization they own, or of the one named (which
     * must be theirs: another's answers as the other owner-only routes do).
     */
    async invoices(session: AuthSession | null, organizationId?: string): Promise<Invoice[]> {
      const user = organizations.requireEditor(session);
      if (organizationId)
        await organizations.requireMemberOrganization(session, organizationId, 'billing');
      return (await options.receipts.listForOwner(user.id, organizationId)).map(toInvoice);
    },

    async billingPortal(session: AuthSession | null, organizationId: string) {
      await organizations.requireMemberOrganization(session, organizationId, 'billing');
      const customer = await repository.findCustomer(session!.user.id);
      const url =
        customer && customer.provider === provider.name
          ? await atProvider(() =>
              provider.billingPortalUrl(
                customer.customerId,
                `${publicUrl}/dashboard/organizations`,
              ),
            )
          : null;
      if (!url) throw conflict(paymentErrorCodes.conflict, paymentMessages.noBillingPortal);
      return { url };
    },
  };
}
