import { plans } from '@si/contracts';
import { addMonths } from '../subscription-state.ts';
import {
  periodMonths,
  type TestSubscriptionRecords,
  type TestSubscriptionRow,
} from './test-subscription-records.ts';

const endedMessage = (id: string) =>
  `${id} is canceled at the test provider: it is not charged any more`;

/** The end of the period after the current one, on the billing anchor's day of the month. */
function nextPeriodEnd(row: TestSubscriptionRow, months: number): Date {
  const anchor = row.billingAnchor;
  if (!anchor) return addMonths(row.periodEnd, months);
  const elapsed =
    (row.periodEnd.getUTCFullYear() - anchor.getUTCFullYear()) * 12 +
    row.periodEnd.getUTCMonth() -
    anchor.getUTCMonth();
  return addMonths(anchor, elapsed + months);
}

/** What an operator plays at the test provider from the CLI: renewals, failures, chargebacks. */
export function createTestSimulations({ read, update }: TestSubscriptionRecords) {
  return {
    /**
     * An operator simulates a renewal (CLI): paid for one more period. Refused once canceled, as
     * Stripe stops collecting a canceled subscription's invoices (a grace ended, say).
     */
    async renew(id: string) {
      const row = await read(id);
      if (!row) return null;
      if (row.status === 'canceled') throw new Error(endedMessage(id));
      const months = periodMonths(row.plan);
      // Credit from a switch pays first; the card the rest.
      const price = plans[row.plan].amountCents;
      const spent = Math.min(row.creditCents, price);
      return update(id, {
        status: 'active',
        periodStart: row.periodEnd,
        periodEnd: nextPeriodEnd(row, months),
        creditCents: row.creditCents - spent,
        periodAmountCents: price - spent,
      });
    },

    /** An operator simulates a failed renewal (CLI); a canceled one is not charged any more. */
    async failPayment(id: string) {
      const row = await read(id);
      if (row?.status === 'canceled') throw new Error(endedMessage(id));
      return update(id, { status: 'past_due' });
    },

    /**
     * An operator simulates the current period's payment taken back at the provider, not by the
     * product (CLI): refunded in full from the provider's side, or a dispute (chargeback) opened.
     */
    takeBackPayment: async (id: string, hold: 'refunded' | 'disputed') => {
      const row = await read(id);
      if (!row) return null;
      return update(id, { paymentHold: hold, heldPeriodStart: row.periodStart });
    },

    /** An operator simulates a dispute of the current period's payment won (CLI). */
    async winDispute(id: string) {
      const row = await read(id);
      if (!row) return null;
      if (row.paymentHold !== 'disputed') return row;
      return update(id, { paymentHold: null, heldPeriodStart: null });
    },
  };
}
