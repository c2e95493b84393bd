import { z } from 'zod';
import { booleanFlag } from './setting-kinds.ts';

/** Stripe or the built-in test checkout, and the payment grace and reminders. */
export const paymentSettings = {
  /**
   * Stripe. Without STRIPE_SECRET_KEY the built-in test checkout runs (the embedded default).
   * STRIPE_WEBHOOK_SECRET is the signing secret of the webhook endpoint
   * <PUBLIC_URL>/api/payments/webhook. Price ids are optional: without them each checkout
   * names the plan's amount itself.
   */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'STRIPE_SECRET_KEY is a secret (sk_) or restricted (rk_) key')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET starts with whsec_')
    .optional(),
  STRIPE_PRICE_MONTHLY: z.string().startsWith('price_').optional(),
  STRIPE_PRICE_ANNUAL: z.string().startsWith('price_').optional(),
  /** Stripe's API address; tests point it at a local stand-in. Unset: api.stripe.com. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Stripe Tax at checkout (opt-in): tax calculated by Stripe, the billing address and an
   * optional tax id collected, and both saved on the customer. Needs Stripe Tax set up in the
   * dashboard (README, Payments).
   */
  STRIPE_AUTOMATIC_TAX: booleanFlag.default(false),
  /**
   * Stripe promotion codes at checkout (opt-in): a field on Stripe's page for codes made in
   * Stripe's dashboard. The product's own guest codes are apart from it (README, Payments).
   */
  STRIPE_PROMOTION_CODES: booleanFlag.default(false),
  /**
   * The built-in test checkout publishes without taking money, so a production server refuses
   * to start on it unless this says so (a staging or demo deployment).
   */
  TEST_CHECKOUT_IN_PRODUCTION: booleanFlag.default(false),
  /** Days a profile stays published after a renewal payment first fails. */
  PAYMENT_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  /** How many days before a profile is unpublished its owner is emailed. */
  LAPSE_REMINDER_DAYS: z.coerce.number().int().min(1).max(30).default(3),
};
