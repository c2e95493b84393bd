import Stripe from 'stripe';
import { plans, planIds, type PlanChoice } from '@si/contracts';
import type { StripeSettings } from './stripe-client.ts';

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

/** Each plan's price at Stripe: the configured one, else one made once from the plans. */
export function createStripePrices(stripe: Stripe, settings: StripeSettings) {
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

  return {
    priceIdFor,

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
  };
}
