import { plans } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { paymentReceiptEmail } from '../../adapters/email/templates.ts';
import type { OwnerEmails, Owned } from './owner-emails.ts';
import type {
  PaymentProvider,
  ProviderInvoice,
  ProviderSubscription,
} from './providers/provider.ts';
import type { ReceiptRepository } from './receipt-repository.ts';

/** A paid invoice's receipt, recorded and emailed by fulfilment. */
export function createReceiptRecording(
  receipts: ReceiptRepository,
  { emailOwners, common }: OwnerEmails,
) {
  /**
   * Records a paid invoice of the subscription and queues its receipt, once per invoice: the
   * invoice id is unique in payment_receipts, so a second read (a redelivery, a retried Pay)
   * inserts nothing and sends nothing. True when a receipt was queued. An invoice that is not
   * this subscription's, or not paid, records nothing.
   */
  async function recordReceipt(
    tx: Database,
    source: PaymentProvider,
    organization: Owned,
    subscription: ProviderSubscription,
    invoice: ProviderInvoice | null,
  ): Promise<boolean> {
    if (!invoice || invoice.subscriptionId !== subscription.id) return false;
    const recorded = await receipts.record(tx, {
      provider: source.name,
      providerInvoiceId: invoice.id,
      providerSubscriptionId: subscription.id,
      organizationId: organization.id,
      plan: subscription.plan,
      amountCents: invoice.amountCents,
      currency: invoice.currency,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      paidAt: invoice.paidAt,
      number: invoice.number,
      url: invoice.url,
    });
    if (!recorded) return false;
    return emailOwners(tx, organization.id, (to) =>
      paymentReceiptEmail({
        ...common(organization),
        to,
        planName: plans[recorded.plan].name,
        amountCents: recorded.amountCents,
        currency: recorded.currency,
        periodStart: recorded.periodStart,
        periodEnd: recorded.periodEnd,
        invoiceNumber: recorded.number,
        receiptUrl: recorded.url,
      }),
    );
  }

  return recordReceipt;
}
