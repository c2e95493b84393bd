import { plans, type PlanChoice } from '@si/contracts';
import type { PlanChangeQuote } from './providers/provider.ts';
import { addMonths } from './subscription-state.ts';

/** When the card pays again after a switch, with the credit it leaves spent first. */
export interface CardChargesAfterSwitch {
  /** Renewals the credit pays in full (the card is charged nothing for them). */
  renewalsFromCredit: number;
  /** The first renewal the card pays for, less what credit is left by then, and its date. */
  firstCardChargeCents: number;
  firstCardChargeDate: Date;
}

/**
 * What a switch's quote means for the card (ADR 038): the credit it leaves is spent on the next
 * renewals at the new plan's price, as Stripe spends a customer's balance on later invoices and
 * the test checkout spends its own; the first renewal it no longer covers charges the rest.
 */
export function cardChargesAfterSwitch(
  quote: Pick<PlanChangeQuote, 'creditCents' | 'nextRenewalCents' | 'nextRenewalDate'>,
  plan: PlanChoice,
): CardChargesAfterSwitch {
  const price = quote.nextRenewalCents;
  const renewalsFromCredit = price > 0 ? Math.floor(quote.creditCents / price) : 0;
  const left = quote.creditCents - renewalsFromCredit * price;
  const months = plans[plan].interval === 'year' ? 12 : 1;
  return {
    renewalsFromCredit,
    firstCardChargeCents: Math.max(0, price - left),
    firstCardChargeDate: addMonths(quote.nextRenewalDate, renewalsFromCredit * months),
  };
}
