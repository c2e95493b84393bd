import type Stripe from 'stripe';

/** The operator's opt-in switches for Stripe's hosted checkout (docs/operations/payments.md). */
export interface CheckoutSwitches {
  /** STRIPE_AUTOMATIC_TAX: Stripe Tax, with the billing address and tax id it needs. */
  automaticTax: boolean;
  /** STRIPE_PROMOTION_CODES: a field on Stripe's page for promotion codes of its dashboard. */
  promotionCodes: boolean;
}

/**
 * The checkout parameters the switches add; none when both are off. A checkout always names
 * its customer (one per user), and Stripe asks for `customer_update` then: the address it
 * collects is where the tax is owed, and it must be saved on the customer for the renewals'
 * invoices to be taxed the same way; the name goes with a tax id.
 *
 * Promotion codes and the product's own guest codes never meet: a guest code publishes without
 * any checkout, and an organization it publishes cannot start one (409). No checkout sends
 * `discounts`, which Stripe refuses together with `allow_promotion_codes`.
 */
export function checkoutSwitchParams(
  switches: CheckoutSwitches,
): Partial<Stripe.Checkout.SessionCreateParams> {
  return {
    ...(switches.automaticTax && {
      automatic_tax: { enabled: true },
      billing_address_collection: 'required' as const,
      tax_id_collection: { enabled: true },
      customer_update: { address: 'auto' as const, name: 'auto' as const },
    }),
    ...(switches.promotionCodes && { allow_promotion_codes: true }),
  };
}
