import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { overviewDays, rowsOf } from '../../db/console-reads.ts';
import { organizations, subscriptions } from '../../db/schema.ts';

/** A subscription as the console lists it (contracts' AdminSubscription). */
const subscriptionColumns = {
  id: subscriptions.id,
  plan: subscriptions.type,
  status: subscriptions.status,
  currentPeriodEnd: subscriptions.periodEnd,
  createdAt: subscriptions.createdAt,
};

/**
 * The subscriptions as the operator console reads them (ADR 028): an organization's, an
 * owner's, and the overview's figures. No rule is decided here.
 */
export function createPaymentConsoleQueries(db: Database) {
  return {
    async subscriptionsOf(organizationId: string) {
      return db
        .select(subscriptionColumns)
        .from(subscriptions)
        .where(eq(subscriptions.organizationId, organizationId))
        .orderBy(desc(subscriptions.createdAt));
    },

    /**
     * The subscriptions `ownerId` paid for (their `user_id`, the payer), whether or not they
     * are still an owner of the organization.
     */
    async subscriptionsOfOwner(ownerId: string) {
      return db
        .select({ ...subscriptionColumns, organizationName: organizations.name })
        .from(subscriptions)
        .innerJoin(organizations, eq(organizations.id, subscriptions.organizationId))
        .where(eq(subscriptions.userId, ownerId))
        .orderBy(desc(subscriptions.createdAt));
    },

    /**
     * The overview's subscriptions: published profiles lapsing, active ones by plan, and each of
     * the last 90 days' (UTC) first publications and new paid subscriptions.
     */
    async subscriptionFigures(now: Date) {
      const [row] = rowsOf<{
        lapsing: number;
        monthly: number;
        yearly: number;
        guest: number;
        days: { day: string; publications: number; newMonthly: number; newYearly: number }[];
      }>(
        await db.execute(sql`
          with live as (
            select s.organization_id, s.type, s.status from subscriptions s
            where s.status in ('paid', 'canceled', 'past_due')
          ), firsts as (
            select organization_id, min(created_at) as at from subscriptions group by organization_id
          ), ${overviewDays(now)}
          select
            (select count(*)::int from organizations o where o.published and exists (
              select 1 from live where live.organization_id = o.id and live.status in ('canceled', 'past_due')
              and live.type <> 'guest')) as lapsing,
            (select count(*)::int from live where type = 'monthly' and status = 'paid') as monthly,
            (select count(*)::int from live where type = 'yearly' and status = 'paid') as yearly,
            (select count(*)::int from live where type = 'guest') as guest,
            (select coalesce(json_agg(json_build_object(
              'day', to_char(d.day, 'YYYY-MM-DD'),
              'publications', (select count(*) from firsts f where (f.at at time zone 'UTC')::date = d.day),
              'newMonthly', (select count(*) from subscriptions s where s.type = 'monthly'
                and s.provider <> 'guest' and (s.created_at at time zone 'UTC')::date = d.day),
              'newYearly', (select count(*) from subscriptions s where s.type = 'yearly'
                and s.provider <> 'guest' and (s.created_at at time zone 'UTC')::date = d.day)
            ) order by d.day), '[]') from days d) as days`),
      );
      return row!;
    },
  };
}
