import type { Invoice, Subscription } from '@si/contracts';
import type { ReceiptView } from './receipt-repository.ts';
import type { SubscriptionView } from './repository.ts';

export const toSubscription = (row: SubscriptionView): Subscription => ({
  organizationId: row.organizationId,
  organizationName: row.organizationName,
  type: row.type,
  status: row.status,
  provider: row.provider,
  startDate: row.periodStart.toISOString(),
  endDate: row.periodEnd.toISOString(),
  graceEndDate: row.status === 'past_due' && row.graceUntil ? row.graceUntil.toISOString() : null,
  paymentHold: row.paymentHold,
  published: row.published,
});

export const toInvoice = (row: ReceiptView): Invoice => ({
  id: row.id,
  organizationId: row.organizationId,
  organizationName: row.organizationName,
  plan: row.plan,
  provider: row.provider,
  amountCents: row.amountCents,
  currency: row.currency,
  paidAt: row.paidAt.toISOString(),
  periodStart: row.periodStart.toISOString(),
  periodEnd: row.periodEnd.toISOString(),
  number: row.number,
  url: row.url,
});
