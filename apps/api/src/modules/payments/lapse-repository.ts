import { and, eq, isNull, lte, ne, notInArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { subscriptions } from '../../db/schema.ts';
import { running } from './subscription-repository.ts';

/** What the lapse job finds and marks: ends come, graces over, renewals unheard of, reminders. */
export function createLapseRepository(db: Database) {
  return {
    /**
     * Organizations with a subscription whose end has come. `skip`: subscription ids not to end
     * here (a grace whose cancel at the provider failed this run: it is tried again next run).
     */
    async organizationsDue(
      tx: Database,
      now: Date,
      limit: number,
      skip: string[] = [],
    ): Promise<string[]> {
      const rows = await tx
        .selectDistinct({ id: subscriptions.organizationId })
        .from(subscriptions)
        .where(dueAt(now, skip))
        .orderBy(subscriptions.organizationId)
        .limit(limit);
      return rows.map((row) => row.id);
    },

    async expireDue(tx: Database, organizationId: string, now: Date, skip: string[] = []) {
      return tx
        .update(subscriptions)
        .set({ status: 'expired', updatedAt: now })
        .where(and(eq(subscriptions.organizationId, organizationId), dueAt(now, skip)))
        .returning();
    },

    /**
     * Failed renewals whose grace has ended (ADR 013): each is canceled at its provider, through
     * fulfilment, before it is recorded as expired. Oldest grace first.
     */
    async graceEnded(now: Date, limit: number) {
      return db
        .select({
          id: subscriptions.id,
          provider: subscriptions.provider,
          providerSubscriptionId: subscriptions.providerSubscriptionId,
        })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.status, 'past_due'),
            ne(subscriptions.provider, 'guest'),
            lte(subscriptions.graceUntil, now),
          ),
        )
        .orderBy(subscriptions.graceUntil)
        .limit(limit);
    },

    /**
     * Provider subscriptions we still hold live although their period ended more than `slack`
     * ago: their renewal's events never came (a webhook endpoint down for days). Re-read them.
     */
    async overdueAtProvider(now: Date, slackMs: number, limit: number) {
      return db
        .select({
          provider: subscriptions.provider,
          providerSubscriptionId: subscriptions.providerSubscriptionId,
        })
        .from(subscriptions)
        .where(
          and(
            running,
            ne(subscriptions.provider, 'guest'),
            lte(subscriptions.periodEnd, new Date(now.getTime() - slackMs)),
          ),
        )
        .orderBy(subscriptions.periodEnd)
        .limit(limit);
    },

    /** Live subscriptions ending within `days` whose owner has not been told yet; marks them. */
    async takeRemindersDue(tx: Database, now: Date, days: number) {
      const horizon = new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
      const ending = or(
        and(eq(subscriptions.status, 'canceled'), lte(subscriptions.periodEnd, horizon)),
        and(eq(subscriptions.status, 'past_due'), lte(subscriptions.graceUntil, horizon)),
        and(
          eq(subscriptions.status, 'paid'),
          eq(subscriptions.provider, 'guest'),
          lte(subscriptions.periodEnd, horizon),
        ),
      );
      return (
        tx
          .update(subscriptions)
          .set({ reminderSentAt: now })
          // A held subscription is out of the directory already: nothing to remind of.
          .where(
            and(isNull(subscriptions.reminderSentAt), isNull(subscriptions.paymentHold), ending),
          )
          .returning()
      );
    },
  };
}

/** A live subscription whose end (period, grace or guest grant) has come, but those in `skip`. */
function dueAt(now: Date, skip: string[] = []) {
  const due = or(
    and(eq(subscriptions.status, 'canceled'), lte(subscriptions.periodEnd, now)),
    and(eq(subscriptions.status, 'past_due'), lte(subscriptions.graceUntil, now)),
    and(
      eq(subscriptions.status, 'paid'),
      eq(subscriptions.provider, 'guest'),
      lte(subscriptions.periodEnd, now),
    ),
  );
  return skip.length > 0 ? and(due, notInArray(subscriptions.id, skip)) : due;
}
