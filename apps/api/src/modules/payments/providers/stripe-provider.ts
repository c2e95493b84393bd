import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { plans, planIds, type PlanChoice } from '@si/contracts';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  type PaymentProvider,
  type PeriodPayment,
  type PlanChangeQuote,
  type ProviderInvoice,
  type ProviderSubscription,
} from './provider.ts';
import { checkoutSwitchParams, type CheckoutSwitches } from './stripe-checkout-options.ts';

export interface StripeSettings extends CheckoutSwitches {
  secretKey: string;
  /**
   * Price ids set up in Stripe's dashboard (required in production); without them, a price per
   * plan is made once from the plans and found again by its lookup key.
   */
  priceIds: Partial<Record<PlanChoice, string>>;
  /** Where Stripe's API is (tests point it at a local stand-in); unset: Stripe itself. */
  apiUrl?: string | undefined;
}

const toDate = (seconds: number) => new Date(seconds * 1000);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** A dispute that no longer holds the payment back: won, an inquiry closed, or prevented. */
const settledDisputes: readonly string[] = ['won', 'warning_closed', 'prevented'];

/** A refund the product itself made (a duplicate ended, an operator's refund): already handled. */
const issuedByUs = (refund: Stripe.Refund) =>
  Boolean(refund.metadata?.origin || refund.metadata?.subscription);

/** What a refund or dispute event is about: the charge, or the dispute (which names its charge). */
export type ChargeReference = { charge: string } | { dispute: string };

function stateOf(status: Stripe.Subscription.Status): ProviderSubscription['state'] {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
      return 'past_due';
    case 'incomplete':
      return 'incomplete';
    case 'paused':
      // Not paying: treated as a failed renewal, so the grace period applies.
      return 'past_due';
    default:
      // canceled, unpaid (retries exhausted), incomplete_expired
      return 'ended';
  }
}

/**
 * The plan a subscription is on now: by its price (a switch in the billing portal changes the
 * price, not our metadata), else the plan we wrote in its metadata at checkout.
 */
function planOf(subscription: Stripe.Subscription, priceIds: StripeSettings['priceIds']) {
  const price = subscription.items.data[0]?.price;
  const byId = planIds.find((plan) => priceIds[plan] && priceIds[plan] === price?.id);
  if (byId) return byId;
  if (price?.recurring?.interval === 'year') return 'annual';
  if (price?.recurring?.interval === 'month') return 'monthly';
  const fromMetadata = subscription.metadata?.plan;
  return (planIds as readonly string[]).includes(fromMetadata ?? '')
    ? (fromMetadata as PlanChoice)
    : 'monthly';
}

/** What a price charges, as its dashboard says it: "12 USD every month", "100 EUR every year". */
function chargeOf(
  amountCents: number | null,
  currency: string,
  recurring: { interval: string; interval_count: number } | null,
) {
  const amount =
    amountCents === null ? 'no fixed amount' : `${amountCents / 100} ${currency.toUpperCase()}`;
  if (!recurring) return `${amount} once`;
  const { interval, interval_count: count } = recurring;
  return `${amount} every ${count === 1 ? interval : `${count} ${interval}s`}`;
}

/** What makes a Stripe price charge other than `plan` says, or null when it charges just that. */
function priceProblem(price: Stripe.Price, plan: PlanChoice): string | null {
  const { amountCents, currency, interval } = plans[plan];
  const wanted = chargeOf(amountCents, currency, {
    interval,
    interval_count: 1,
  });
  const charged = chargeOf(price.unit_amount, price.currency, price.recurring);
  const problems = [
    ...(charged === wanted ? [] : [`charges ${charged}, not ${wanted}`]),
    ...(price.active ? [] : ['is archived (not active)']),
  ];
  return problems.length > 0 ? problems.join(' and ') : null;
}

/**
 * A switch's upcoming invoice as the owner is shown it. Between monthly and annual the interval
 * changes, so Stripe restarts the billing period now and invoices at once (always_invoice): the
 * new price for the new period, less the unused time of the old one (negative proration lines).
 * A negative total goes to the customer's credit balance, which Stripe spends on later invoices;
 * the credit after the switch is that balance with the total added (a balance the customer had
 * already counts too). The new period's line (the positive line that ends last) is the price
 * each renewal charges, from its end.
 */
function quoteOf(invoice: Stripe.Invoice, fallbackCents: number): PlanChangeQuote {
  const newPeriod = invoice.lines.data
    .filter((line) => line.amount > 0)
    .sort((a, b) => b.period.end - a.period.end)[0];
  return {
    amountDueNowCents: invoice.amount_due,
    creditCents: Math.max(0, -(invoice.total + (invoice.starting_balance ?? 0))),
    nextRenewalCents: newPeriod?.amount ?? fallbackCents,
    nextRenewalDate: toDate(newPeriod?.period.end ?? invoice.period_end),
    currency: invoice.currency,
  };
}

/** Proration for a switch: invoiced and charged at once, so the new plan is paid when it starts. */
const switchProration = 'always_invoice' as const;

/**
 * Stripe through its official SDK: one customer per user, Checkout in subscription mode with the
 * organization in the subscription's own metadata, an idempotency key on every create.
 */
export function createStripeProvider(settings: StripeSettings) {
  const address = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(address && {
      host: address.hostname,
      port: Number(address.port || (address.protocol === 'https:' ? 443 : 80)),
      protocol: address.protocol === 'http:' ? 'http' : 'https',
    }),
  });

  const underLock = { timeout: 5_000, maxNetworkRetries: 0 };

  const calling = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw new ProviderUnavailableError(error);
    }
  };

  const toSubscription = (subscription: Stripe.Subscription): ProviderSubscription => {
    const item = subscription.items.data[0];
    const start = item?.current_period_start ?? subscription.start_date;
    const end = item?.current_period_end ?? subscription.start_date;
    return {
      id: subscription.id,
      customerId:
        typeof subscription.customer === 'string'
          ? subscription.customer
          : subscription.customer.id,
      organizationId: subscription.metadata?.organizationId ?? null,
      userId: subscription.metadata?.userId ?? null,
      plan: planOf(subscription, settings.priceIds),
      state: stateOf(subscription.status),
      // A cancellation set for a date (cancel_at) ends it then, like one at the period's end.
      cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
      periodStart: toDate(start),
      periodEnd: toDate(
        subscription.cancel_at !== null && !subscription.cancel_at_period_end
          ? Math.min(subscription.cancel_at, end)
          : end,
      ),
    };
  };

  /**
   * Without configured price ids (development, staging), each plan's price is made once at
   * Stripe and found again by its lookup key, so checkouts reuse one product and price per plan
   * rather than creating a product each. The key names the amount, currency and interval, so a
   * change of the plans makes (and then reuses) a new price. The id is remembered per process;
   * a restart finds it again by the key. Two processes creating it at once send the same
   * idempotency key and get the same price.
   */
  const inlinePrices = new Map<PlanChoice, Promise<string>>();
  const inlinePrice = async (plan: PlanChoice): Promise<string> => {
    const { amountCents, currency, interval, name } = plans[plan];
    const lookupKey = `scaling-impact-${plan}-${amountCents}-${currency}-per-${interval}`;
    const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    if (found.data[0]) return found.data[0].id;
    const created = await stripe.prices.create(
      {
        currency,
        unit_amount: amountCents,
        recurring: { interval },
        lookup_key: lookupKey,
        product_data: { name: `Scaling Impact ${name} plan` },
      },
      { idempotencyKey: `price-${lookupKey}` },
    );
    return created.id;
  };
  const priceIdFor = (plan: PlanChoice): Promise<string> => {
    const configured = settings.priceIds[plan];
    if (configured) return Promise.resolve(configured);
    let price = inlinePrices.get(plan);
    if (!price) {
      price = inlinePrice(plan);
      inlinePrices.set(plan, price);
      // A failed lookup is asked again by the next checkout.
      price.catch(() => inlinePrices.delete(plan));
    }
    return price;
  };

  /**
   * A subscription Stripe can switch to `plan`: live, renewing, on another plan. Its one item is
   * the one whose price is swapped.
   */
  const switchable = (subscription: Stripe.Subscription, plan: PlanChoice) => {
    const item = subscription.items.data[0];
    const live = subscription.status === 'active' || subscription.status === 'trialing';
    const renewing = !subscription.cancel_at_period_end && subscription.cancel_at === null;
    if (!item || !live || !renewing || planOf(subscription, settings.priceIds) === plan) {
      throw new ProviderRefusedError(
        null,
        'subscription',
        'Stripe cannot switch this subscription',
      );
    }
    return item;
  };

  /** Stripe's refusals (a card declined, a canceled subscription) apart from its outages. */
  const refusedOrUnavailable = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ProviderRefusedError) throw error;
      if (error instanceof Stripe.errors.StripeCardError) {
        throw new ProviderRefusedError(error, 'payment', error.message);
      }
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        throw new ProviderRefusedError(error, 'subscription', error.message);
      }
      throw new ProviderUnavailableError(error);
    }
  };

  const provider = {
    name: 'stripe',
    /** For the webhook route: checks signatures with the SDK. */
    webhooks: stripe.webhooks,

    createCustomer: (user) =>
      calling(async () => {
        const customer = await stripe.customers.create(
          { email: user.email, name: user.name ?? undefined, metadata: { userId: user.id } },
          { idempotencyKey: `customer-${user.id}` },
        );
        return customer.id;
      }),

    createCheckout: async (request) => {
      try {
        const metadata = {
          organizationId: request.organizationId,
          userId: request.userId,
          plan: request.plan,
        };
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer: request.customerId,
            client_reference_id: request.organizationId,
            line_items: [{ price: await priceIdFor(request.plan), quantity: 1 }],
            subscription_data: {
              metadata,
              description: `${request.organizationName} on Scaling Impact`,
            },
            metadata,
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            ...checkoutSwitchParams(settings),
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
        return { sessionId: session.id, url: session.url };
      } catch (error) {
        // A stored customer Stripe no longer has (deleted, or of the other mode's keys).
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.param === 'customer'
        ) {
          throw new ProviderRefusedError(error, 'customer');
        }
        throw new ProviderUnavailableError(error);
      }
    },

    readCheckout: (sessionId) =>
      calling(async () => {
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        const subscription =
          typeof session.subscription === 'string'
            ? session.subscription
            : (session.subscription?.id ?? null);
        return {
          paid:
            session.status === 'complete' &&
            (session.payment_status === 'paid' || session.payment_status === 'no_payment_required'),
          subscriptionId: subscription,
        };
      }),

    async expireCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return { outcome: 'closed' as const };
      } catch (error) {
        // Stripe expires only an open session: this one was paid or closed meanwhile.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) {
          throw new ProviderUnavailableError(error);
        }
      }
      const session = await calling(() => stripe.checkout.sessions.retrieve(sessionId));
      if (session.status !== 'complete') return { outcome: 'closed' as const };
      const subscription = session.subscription;
      return {
        outcome: 'paid' as const,
        subscriptionId:
          typeof subscription === 'string' ? subscription : (subscription?.id ?? null),
      };
    },

    readSubscription: (id, within) =>
      calling(async () => {
        try {
          // Under the organization's lock (`within`), a slow Stripe must not hold it for long:
          // a failure there answers 5xx and Stripe delivers the event again.
          const options = within ? underLock : {};
          return toSubscription(await stripe.subscriptions.retrieve(id, {}, options));
        } catch (error) {
          if (
            error instanceof Stripe.errors.StripeInvalidRequestError &&
            error.statusCode === 404
          ) {
            return null;
          }
          throw error;
        }
      }),

    setCancelAtPeriodEnd: async (id, cancel) => {
      try {
        await stripe.subscriptions.update(id, { cancel_at_period_end: cancel });
      } catch (error) {
        // Already canceled at Stripe (in its portal, say): the caller reads the state back.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          throw new ProviderRefusedError(error);
        }
        throw new ProviderUnavailableError(error);
      }
    },

    async previewPlanChange(id, plan) {
      return refusedOrUnavailable(async () => {
        const subscription = await stripe.subscriptions.retrieve(id);
        const item = switchable(subscription, plan);
        const invoice = await stripe.invoices.createPreview({
          subscription: id,
          subscription_details: {
            items: [{ id: item.id, price: await priceIdFor(plan) }],
            proration_behavior: switchProration,
          },
        });
        return quoteOf(invoice, plans[plan].amountCents);
      });
    },

    /**
     * The switch, charged at once (error_if_incomplete: a declined card changes nothing, and
     * Stripe answers a card error). The invoice it paid is read back for the receipt.
     */
    async changePlan(id, plan) {
      return refusedOrUnavailable(async () => {
        const subscription = await stripe.subscriptions.retrieve(id);
        const item = switchable(subscription, plan);
        const updated = await stripe.subscriptions.update(
          id,
          {
            items: [{ id: item.id, price: await priceIdFor(plan) }],
            proration_behavior: switchProration,
            payment_behavior: 'error_if_incomplete',
          },
          // One switch from one period: a retry is the same switch, a later one (back and
          // forth) starts from a new period, so it is a new key.
          { idempotencyKey: `plan-change-${id}-${item.current_period_start}-${plan}` },
        );
        const invoiceId = idOf(updated.latest_invoice);
        return {
          paidInvoice: invoiceId
            ? (within: unknown): Promise<ProviderInvoice | null> =>
                provider.readPaidInvoice(invoiceId, within)
            : null,
        };
      });
    },

    /**
     * The latest paid invoice's payment, refunded at Stripe: the invoice, then its payment
     * (invoice payments, API 2025-03-31 on), then a refund of that payment intent. Stripe's own
     * refusal (already refunded, too old) reaches the operator in Stripe's words.
     */
    async refundLatestPayment(id, { within, idempotencyKey, reason, origin } = {}) {
      const refused = (reason: string, cause: unknown = null) =>
        new ProviderRefusedError(cause, 'payment', reason);
      const calls = within ? underLock : {};
      const invoices = await calling(() =>
        stripe.invoices.list({ subscription: id, status: 'paid', limit: 1 }, calls),
      );
      const invoice = invoices.data[0];
      if (!invoice?.id) throw refused('Stripe has no paid invoice for this subscription.');
      const payments = await calling(() =>
        stripe.invoicePayments.list({ invoice: invoice.id!, status: 'paid', limit: 1 }, calls),
      );
      const intent = payments.data[0]?.payment.payment_intent;
      const paymentIntent = typeof intent === 'string' ? intent : intent?.id;
      if (!paymentIntent)
        throw refused("Stripe has no payment for the subscription's last invoice.");
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            reason: reason ?? 'requested_by_customer',
            metadata: { subscription: id, invoice: invoice.id, origin: origin ?? 'operator' },
          },
          { ...calls, ...(idempotencyKey && { idempotencyKey }) },
        );
        return { amountCents: refund.amount };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          throw refused(error.message, error);
        }
        throw new ProviderUnavailableError(error);
      }
    },

    /**
     * The subscription payment a refund or dispute event is about, read back from Stripe (never
     * taken from the payload): charge, then its payment intent's invoice (invoice payments), then
     * the invoice's subscription and the period its lines paid for. Its hold: disputed while a
     * dispute is open or lost, else refunded when refunded in full by anyone but us. Null for a
     * charge or dispute Stripe does not know, or a payment that is not a subscription's.
     */
    async readPeriodPayment(
      reference: ChargeReference,
      within?: unknown,
    ): Promise<PeriodPayment | null> {
      const calls = within ? underLock : {};
      const notFound = (error: unknown) =>
        error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;
      return calling(async () => {
        try {
          const chargeId =
            'charge' in reference
              ? reference.charge
              : idOf((await stripe.disputes.retrieve(reference.dispute, {}, calls)).charge);
          if (!chargeId) return null;
          const charge = await stripe.charges.retrieve(chargeId, {}, calls);
          const intent = idOf(charge.payment_intent);
          if (!intent) return null;
          const payments = await stripe.invoicePayments.list(
            { payment: { type: 'payment_intent', payment_intent: intent }, limit: 1 },
            calls,
          );
          const invoiceId = idOf(payments.data[0]?.invoice);
          if (!invoiceId) return null;
          const invoice = await stripe.invoices.retrieve(invoiceId, {}, calls);
          const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
          const paidFrom = invoice.lines.data[0]?.period.start;
          if (!subscriptionId || paidFrom === undefined) return null;
          const disputes = await stripe.disputes.list({ charge: chargeId, limit: 10 }, calls);
          const refunds = await stripe.refunds.list({ charge: chargeId, limit: 100 }, calls);
          const disputed = disputes.data.some((one) => !settledDisputes.includes(one.status));
          const ours = refunds.data.some(issuedByUs);
          const hold = disputed ? 'disputed' : charge.refunded && !ours ? 'refunded' : null;
          const note =
            hold !== null
              ? null
              : charge.refunded && ours
                ? 'refund issued by the product itself: already handled'
                : charge.amount_refunded > 0
                  ? 'partial refund: publication unchanged'
                  : disputes.data.length > 0
                    ? 'dispute settled in our favour: the period publishes if still paid'
                    : null;
          return { subscriptionId, periodStart: toDate(paidFrom), hold, note };
        } catch (error) {
          if (notFound(error)) return null;
          throw error;
        }
      });
    },

    /**
     * An invoice read back from Stripe (never taken from the event's payload), for its receipt:
     * null unless Stripe knows it, it is paid and it is a subscription's. The period is its
     * first line's (the one a subscription payment buys; the invoice's own period_start/end is
     * the window of pending items), the link its hosted page, else its PDF.
     */
    readPaidInvoice: (invoiceId: string, within?: unknown): Promise<ProviderInvoice | null> =>
      calling(async () => {
        try {
          const invoice = await stripe.invoices.retrieve(invoiceId, {}, within ? underLock : {});
          const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
          const period = invoice.lines.data[0]?.period;
          if (invoice.status !== 'paid' || !invoice.id || !subscriptionId || !period) return null;
          const paidAt = invoice.status_transitions?.paid_at ?? invoice.created;
          return {
            id: invoice.id,
            subscriptionId,
            amountCents: invoice.amount_paid,
            currency: invoice.currency,
            periodStart: toDate(period.start),
            periodEnd: toDate(period.end),
            paidAt: toDate(paidAt),
            number: invoice.number ?? null,
            url: invoice.hosted_invoice_url ?? invoice.invoice_pdf ?? null,
          };
        } catch (error) {
          if (
            error instanceof Stripe.errors.StripeInvalidRequestError &&
            error.statusCode === 404
          ) {
            return null;
          }
          throw error;
        }
      }),

    cancelNow: (id, within) =>
      calling(async () => {
        try {
          await stripe.subscriptions.cancel(id, {}, within ? underLock : {});
        } catch (error) {
          // Already canceled at Stripe: what deletion wanted.
          if (
            error instanceof Stripe.errors.StripeInvalidRequestError &&
            error.statusCode === 404
          ) {
            return;
          }
          throw error;
        }
      }),

    /**
     * Why each configured price would charge other than its plan says (the amount, USD, every
     * month or year, active): one entry per wrong price, none when they match. A price Stripe
     * does not know is one of them; any other failure (the network, the key) throws.
     */
    async priceMismatches(): Promise<{ plan: PlanChoice; priceId: string; problem: string }[]> {
      const mismatches = [];
      for (const plan of planIds) {
        const priceId = settings.priceIds[plan];
        if (!priceId) continue;
        const problem = await stripe.prices.retrieve(priceId).then(
          (price) => priceProblem(price, plan),
          (error: unknown) => {
            if (
              error instanceof Stripe.errors.StripeInvalidRequestError &&
              error.statusCode === 404
            )
              return 'does not exist in this Stripe account';
            throw error;
          },
        );
        if (problem) mismatches.push({ plan, priceId, problem });
      }
      return mismatches;
    },

    billingPortalUrl: (customerId, returnUrl) =>
      calling(async () => {
        const portal = await stripe.billingPortal.sessions.create(
          { customer: customerId, return_url: returnUrl },
          { idempotencyKey: `portal-${randomUUID()}` },
        );
        return portal.url;
      }),
  } satisfies PaymentProvider & Record<string, unknown>;
  return provider;
}
export type StripeProvider = ReturnType<typeof createStripeProvider>;

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
