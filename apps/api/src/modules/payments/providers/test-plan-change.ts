import { plans, type PlanChoice } from '@si/contracts';
import { addMonths } from '../subscription-state.ts';
import {
  ProviderRefusedError,
  type PaymentProvider,
  type PlanChangeQuote,
  type ProviderInvoice,
} from './provider.ts';
import {
  invoiceIdOf,
  periodMonths,
  type TestSubscriptionRecords,
} from './test-subscription-records.ts';

const DAY_MS = 86_400_000;

/**
 * The test checkout's proration (ADR 013): the whole days left of the current period (the day in
 * progress counts as used) are credited at the current plan's daily price, with any credit left
 * from an earlier switch, against the new plan's full price, charged now; the new period starts
 * now. Credit worth more than the new plan is kept and spent on the next renewals, as Stripe
 * spends a customer's balance (ADR 038).
 */
export function testPlanChangeQuote(
  current: { plan: PlanChoice; periodStart: Date; periodEnd: Date; creditCents?: number },
  plan: PlanChoice,
  now: Date,
): PlanChangeQuote {
  const periodDays = Math.max(
    1,
    Math.round((current.periodEnd.getTime() - current.periodStart.getTime()) / DAY_MS),
  );
  const daysLeft = Math.min(
    periodDays,
    Math.max(0, Math.floor((current.periodEnd.getTime() - now.getTime()) / DAY_MS)),
  );
  const unused =
    Math.round((plans[current.plan].amountCents * daysLeft) / periodDays) +
    (current.creditCents ?? 0);
  const price = plans[plan].amountCents;
  return {
    amountDueNowCents: Math.max(0, price - unused),
    creditCents: Math.max(0, unused - price),
    nextRenewalCents: price,
    nextRenewalDate: addMonths(now, periodMonths(plan)),
    currency: plans[plan].currency,
  };
}

/** The test checkout's switch between plans, and its preview, as Stripe's works. */
export function createTestPlanChange({ read, update }: TestSubscriptionRecords) {
  /** A live, renewing subscription on another plan: what a provider lets switch plans. */
  async function changeable(id: string, plan: PlanChoice) {
    const row = await read(id);
    if (!row || row.status !== 'active' || row.cancelAtPeriodEnd || row.plan === plan) {
      throw new ProviderRefusedError(
        null,
        'subscription',
        'The plan of this subscription cannot be changed.',
      );
    }
    return row;
  }

  return {
    async previewPlanChange(id, plan) {
      return testPlanChangeQuote(await changeable(id, plan), plan, new Date());
    },

    /**
     * Switches the plan as its preview said: the new period starts now, and the amount due is
     * this period's invoice (its id is the subscription's and the period's, as currentInvoice's).
     */
    async changePlan(id, plan) {
      const row = await changeable(id, plan);
      const now = new Date();
      const quote = testPlanChangeQuote(row, plan, now);
      const changed = await update(id, {
        plan,
        periodStart: now,
        periodEnd: quote.nextRenewalDate,
        creditCents: quote.creditCents,
        periodAmountCents: quote.amountDueNowCents,
        billingAnchor: now,
      });
      const invoice: ProviderInvoice = {
        id: invoiceIdOf(changed),
        subscriptionId: id,
        amountCents: quote.amountDueNowCents,
        currency: quote.currency,
        periodStart: changed.periodStart,
        periodEnd: changed.periodEnd,
        paidAt: now,
        number: null,
        url: null,
      };
      // Nothing charged (credit covered it): no payment, so no receipt.
      return { paidInvoice: quote.amountDueNowCents > 0 ? async () => invoice : null };
    },
  } satisfies Partial<PaymentProvider>;
}
