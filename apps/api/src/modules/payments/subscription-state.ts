import { isLiveSubscriptionStatus, type PaymentHold, type SubscriptionStatus } from '@si/contracts';
import type { ProviderSubscription } from './providers/provider.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The statuses that keep a profile published (one definition, in contracts). */
export const isLive = isLiveSubscriptionStatus;

/**
 * The payment hold for the period the provider reports: what the provider says of it when this
 * read tells (`periodHold`), else what was recorded for the same period. A new period has none:
 * its renewal was paid (or is failing, which the grace period handles).
 */
export function holdFor(
  reported: Pick<ProviderSubscription, 'periodStart' | 'periodHold'>,
  recorded: { paymentHold: PaymentHold | null; heldPeriodStart: Date | null } | null,
): { paymentHold: PaymentHold | null; heldPeriodStart: Date | null } {
  const samePeriod = recorded?.heldPeriodStart?.getTime() === reported.periodStart.getTime();
  const hold =
    reported.periodHold !== undefined
      ? reported.periodHold
      : samePeriod
        ? (recorded?.paymentHold ?? null)
        : null;
  return { paymentHold: hold, heldPeriodStart: hold ? reported.periodStart : null };
}

/**
 * What a provider's report means for publication (docs/product.md#payments-and-subscriptions): active publishes; canceled
 * keeps it until the period ends; a failed renewal keeps it for the grace period counted from
 * the first failure we saw (`graceUntil`, kept across redeliveries), and then ends it (and
 * fulfilment cancels it at the provider: `graceIsOver`); anything else ends it.
 * Returns null for a checkout that was never paid: nothing to record.
 */
export function statusFromProvider(
  reported: ProviderSubscription,
  graceUntil: Date | null,
  now: Date,
  graceDays: number,
): { status: SubscriptionStatus; graceUntil: Date | null } | null {
  switch (reported.state) {
    case 'incomplete':
      return null;
    case 'ended':
      return { status: 'expired', graceUntil };
    case 'past_due': {
      const until = graceUntil ?? new Date(now.getTime() + graceDays * DAY_MS);
      return { status: until > now ? 'past_due' : 'expired', graceUntil: until };
    }
    case 'active':
      if (reported.cancelAtPeriodEnd) {
        return { status: reported.periodEnd > now ? 'canceled' : 'expired', graceUntil: null };
      }
      return { status: 'paid', graceUntil: null };
  }
}

/**
 * A failed renewal whose grace has ended while its provider still runs it (and may retry the
 * payment): fulfilment ends it at the provider before recording it as expired (ADR 013).
 */
export const graceIsOver = (
  reported: Pick<ProviderSubscription, 'state'>,
  next: { status: SubscriptionStatus },
) => reported.state === 'past_due' && next.status === 'expired';

/** When a live subscription stops publishing unless something changes; null: it renews. */
export function endsAt(row: {
  status: SubscriptionStatus;
  provider: string;
  periodEnd: Date;
  graceUntil: Date | null;
}): Date | null {
  if (row.status === 'canceled') return row.periodEnd;
  if (row.status === 'past_due') return row.graceUntil;
  if (row.status === 'paid' && row.provider === 'guest') return row.periodEnd;
  return null;
}

/** `months` later, on the same day, or the month's last day (Jan 31 + 1 month is Feb 28). */
export const addMonths = (date: Date, months: number) => {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
};
