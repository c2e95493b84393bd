import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity-schema.ts';
import { organizations } from './organizations-schema.ts';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One payment-provider customer per user, reused for every checkout (docs/product.md#payments-and-subscriptions). */
export const billingCustomers = pgTable('billing_customers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
  customerId: text('customer_id').notNull().unique(),
  createdAt: moment('created_at').notNull().defaultNow(),
});

/**
 * A checkout an owner started. Its id is the provider's session id; it tells whose session a
 * success return names (another user's id is a 404) and which organization it pays for.
 */
export const paymentSessions = pgTable(
  'payment_sessions',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: ['monthly', 'annual'] }).notNull(),
    status: text('status', { enum: ['open', 'complete', 'canceled'] })
      .notNull()
      .default('open'),
    /** The provider's subscription, once the checkout is paid. */
    subscriptionId: text('subscription_id'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [index('payment_sessions_organization_idx').on(table.organizationId)],
);

/**
 * Every subscription an organization has had, as last read from its provider (or granted by a
 * guest code). `status` is what publication follows; the organization's payment_status and
 * published columns are kept in step with it in the same transaction.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    provider: text('provider', { enum: ['stripe', 'test', 'guest'] }).notNull(),
    /** Unique: fulfilling the same provider subscription twice can only ever make one row. */
    providerSubscriptionId: text('provider_subscription_id').notNull().unique(),
    type: text('type', { enum: ['monthly', 'yearly', 'guest'] }).notNull(),
    status: text('status', { enum: ['paid', 'canceled', 'past_due', 'expired'] }).notNull(),
    periodStart: moment('period_start').notNull(),
    periodEnd: moment('period_end').notNull(),
    /** Set when a renewal payment first failed: the profile stays public until then. */
    graceUntil: moment('grace_until'),
    /** When the owner was told the profile is about to be unpublished (once per ending). */
    reminderSentAt: moment('reminder_sent_at'),
    /**
     * The payment for the period starting at `heldPeriodStart` was taken back at the provider
     * (refunded, or disputed and not won): that period does not publish, whatever `status` says.
     * A new period (a renewal paid) clears it; a won dispute releases it.
     */
    paymentHold: text('payment_hold', { enum: ['refunded', 'disputed'] }),
    heldPeriodStart: moment('held_period_start'),
    guestCodeId: uuid('guest_code_id'),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('subscriptions_organization_idx').on(table.organizationId, table.createdAt),
    index('subscriptions_live_idx')
      .on(table.status)
      .where(sql`${table.status} <> 'expired'`),
  ],
);

/** Codes an operator hands out; each use publishes one organization for `grantMonths`. */
export const guestCodes = pgTable(
  'guest_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
    expiresAt: moment('expires_at').notNull(),
    grantMonths: integer('grant_months').notNull(),
    disabledAt: moment('disabled_at'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    // Codes are compared case-insensitively, so they are unique that way too.
    uniqueIndex('guest_codes_code_idx').on(sql`lower(${table.code})`),
    check('guest_codes_uses_check', sql`${table.uses} >= 0 and ${table.uses} <= ${table.maxUses}`),
  ],
);

export const guestCodeRedemptions = pgTable(
  'guest_code_redemptions',
  {
    guestCodeId: uuid('guest_code_id')
      .notNull()
      .references(() => guestCodes.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.guestCodeId, table.organizationId] })],
);

/** Provider events already handled: a redelivered event id changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: moment('received_at').notNull().defaultNow(),
});

/**
 * The built-in test checkout's own records of its subscriptions: what a provider would keep on
 * its side. The app reads them through the provider adapter, as it reads Stripe's.
 */
export const testModeSubscriptions = pgTable('test_mode_subscriptions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  organizationId: uuid('organization_id').notNull(),
  userId: text('user_id').notNull(),
  plan: text('plan', { enum: ['monthly', 'annual'] }).notNull(),
  status: text('status', { enum: ['active', 'past_due', 'canceled'] }).notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  periodStart: moment('period_start').notNull(),
  periodEnd: moment('period_end').notNull(),
  /** The start of the period whose payment was refunded (an operator's refund), if any. */
  refundedPeriodStart: moment('refunded_period_start'),
  /**
   * The period whose payment was taken back at the provider itself (CLI: `subscription refund`,
   * `subscription dispute`), not by the product: what the provider reports as its payment hold.
   */
  paymentHold: text('payment_hold', { enum: ['refunded', 'disputed'] }),
  heldPeriodStart: moment('held_period_start'),
  /**
   * Unused time a plan switch left over, spent on the next renewals as Stripe spends a
   * customer's credit balance; and what the current period's payment took (null: the plan's
   * price), so its receipt says what credit left to pay.
   */
  creditCents: integer('credit_cents').notNull().default(0),
  periodAmountCents: integer('period_amount_cents'),
  /**
   * Where the billing cycle counts from (Stripe's billing_cycle_anchor): the first payment or the
   * last switch. Renewals keep its day of the month (Dec 29, Feb 28, Mar 29). Null for rows from
   * before it was kept: each renewal counts from the last.
   */
  billingAnchor: moment('billing_anchor'),
  createdAt: moment('created_at').notNull().defaultNow(),
});

/**
 * One row per paid invoice (a subscription's first payment and each renewal), keyed by the
 * provider's invoice id: the receipt email is queued in the transaction that inserts the row, so
 * a redelivered event or a second read of the invoice never sends a second receipt. It is also
 * what My Subscriptions lists as past invoices. The provider keeps the invoice itself; `url` is
 * its hosted page (Stripe's hosted_invoice_url, else its PDF), null for the built-in test
 * checkout, which takes no money and has no such page.
 */
export const paymentReceipts = pgTable(
  'payment_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    providerInvoiceId: text('provider_invoice_id').notNull().unique(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: ['monthly', 'annual'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    periodStart: moment('period_start').notNull(),
    periodEnd: moment('period_end').notNull(),
    paidAt: moment('paid_at').notNull(),
    /** The invoice's number at the provider (Stripe's "ABCD-0001"), when it has one. */
    number: text('number'),
    url: text('url'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [index('payment_receipts_organization_idx').on(table.organizationId, table.paidAt)],
);
