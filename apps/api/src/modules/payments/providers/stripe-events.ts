import type Stripe from 'stripe';
import { idOf } from './stripe-client.ts';
import type { ChargeReference } from './stripe-payments.ts';

/** Which subscription an event is about, so that it can be read back from Stripe. */
export function subscriptionIdOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case 'checkout.session.completed':
      return idOf(event.data.object.subscription);
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return idOf(event.data.object.parent?.subscription_details?.subscription);
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.created':
      return event.data.object.id;
    default:
      return null;
  }
}

/** The invoice an `invoice.paid` event is about (its receipt); null for any other event. */
export function paidInvoiceIdOf(event: Stripe.Event): string | null {
  return event.type === 'invoice.paid' ? (event.data.object.id ?? null) : null;
}

/** Which charge a refund or dispute event is about; null for any other event. */
export function chargeReferenceOf(event: Stripe.Event): ChargeReference | null {
  switch (event.type) {
    case 'charge.refunded':
      return { charge: event.data.object.id };
    case 'charge.dispute.created':
    case 'charge.dispute.closed':
      return { dispute: event.data.object.id };
    default:
      return null;
  }
}
