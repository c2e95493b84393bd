import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  insightsEmailOptOuts,
  insightsEmailsSent,
  organizationMembers,
  organizations,
  profileDailyCounts,
} from '../../db/schema.ts';
import { addDailyCounts } from './daily-counts-add.ts';
import type { CountRow } from './tally.ts';

export interface DailyRow {
  day: string;
  metric: string;
  audience: string;
  count: number;
}

/** An organization whose owners are due its monthly summary. */
export interface SummaryDue {
  organizationId: string;
  name: string;
}

/** Who gets an organization's summary (ADR 051): its owners, verified and not disabled. */
const summaryReaders = (organizationId: SQL) => sql`from organization_members m
  join users u on u.id = m.user_id
  where m.organization_id = ${organizationId} and m.role = 'owner'
    and u.email_verified and u.disabled_at is null and not u.is_anonymous`;

/** Serializes the rollup across processes (pg_try_advisory_xact_lock). */
const ROLLUP_LOCK = 727274025;

export function createInsightsRepository(db: Database) {
  return {
    /** Adds each row's count to what its day holds (organizations deleted meanwhile dropped). */
    add: (rows: CountRow[]) => addDailyCounts(db, 'profile', rows),

    /** The daily rows of one organization between two days (inclusive). */
    async daily(organizationId: string, from: string, to: string): Promise<DailyRow[]> {
      return db
        .select({
          day: profileDailyCounts.day,
          metric: profileDailyCounts.metric,
          audience: profileDailyCounts.audience,
          count: profileDailyCounts.count,
        })
        .from(profileDailyCounts)
        .where(
          and(
            eq(profileDailyCounts.organizationId, organizationId),
            gte(profileDailyCounts.day, from),
            lte(profileDailyCounts.day, to),
          ),
        )
        .orderBy(profileDailyCounts.day);
    },

    /**
     * Moves the daily rows before `before` into their months, adding to what a month holds,
     * in one transaction; null when another process is doing it.
     */
    async rollUp(before: string): Promise<number | null> {
      return db.transaction(async (tx) => {
        const lock = (await tx.execute(
          sql`select pg_try_advisory_xact_lock(${ROLLUP_LOCK}) as locked`,
        )) as unknown as { rows: { locked: boolean }[] };
        if (!lock.rows[0]?.locked) return null;
        const moved = (await tx.execute(sql`
          with old as (
            delete from profile_daily_counts where day < ${before}::date
            returning organization_id, day, metric, audience, count
          ), months as (
            insert into profile_monthly_counts (organization_id, month, metric, audience, count)
            select organization_id, date_trunc('month', day)::date, metric, audience, sum(count)
            from old group by 1, 2, 3, 4
            on conflict (organization_id, month, metric, audience)
            do update set count = profile_monthly_counts.count + excluded.count
          )
          select count(*)::int as rows from old`)) as unknown as { rows: { rows: number }[] };
        return Number(moved.rows[0]?.rows ?? 0);
      });
    },

    /**
     * Whether the organization exists, and the user's role in it (null: no member), for the
     * insights' readers (ADR 047).
     */
    async memberOf(organizationId: string, userId: string) {
      const [row] = await db
        .select({ role: organizationMembers.role })
        .from(organizations)
        .leftJoin(
          organizationMembers,
          and(
            eq(organizationMembers.organizationId, organizations.id),
            eq(organizationMembers.userId, userId),
          ),
        )
        .where(eq(organizations.id, organizationId));
      return row ? { role: row.role } : null;
    },

    /** Whether there is such an organization. */
    async exists(organizationId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row !== undefined;
    },

    /** The ids of the organizations a user is a member of: their visits are not counted. */
    async memberOrganizations(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: organizationMembers.organizationId })
        .from(organizationMembers)
        .where(eq(organizationMembers.userId, userId));
      return rows.map((row) => row.id);
    },

    /**
     * Published organizations with an owner who gets the summary of `month` (verified, not
     * disabled), not sent it yet: up to `limit`, in id order after `afterId`.
     */
    async summariesDue(
      month: string,
      afterId: string | null,
      limit: number,
    ): Promise<SummaryDue[]> {
      const result = (await db.execute(sql`
        select o.id, o.name
        from organizations o
        where o.published
          and exists (select 1 ${summaryReaders(sql`o.id`)})
          and ${afterId === null ? sql`true` : sql`o.id > ${afterId}::uuid`}
          and not exists (select 1 from insights_email_opt_outs x where x.organization_id = o.id)
          and not exists (
            select 1 from insights_emails_sent s where s.organization_id = o.id and s.month = ${month}::date
          )
        order by o.id
        limit ${limit}`)) as unknown as { rows: { id: string; name: string }[] };
      return result.rows.map((row) => ({ organizationId: row.id, name: row.name }));
    },

    /** Each owner the organization's summary goes to, read in the caller's transaction. */
    async summaryRecipients(executor: Database, organizationId: string) {
      const result = (await executor.execute(sql`
        select u.id, u.email ${summaryReaders(sql`${organizationId}::uuid`)}
        order by m.added_at, u.id`)) as unknown as { rows: { id: string; email: string }[] };
      return result.rows.map((row) => ({ userId: row.id, email: row.email }));
    },

    /** The people's counts of one organization by metric, from `from` up to `until` (excluded). */
    async totalsBetween(organizationId: string, from: string, until: string) {
      const result = (await db.execute(sql`
        select metric, sum(count)::bigint as count from profile_daily_counts
        where organization_id = ${organizationId} and audience = 'people'
          and day >= ${from}::date and day < ${until}::date
        group by metric`)) as unknown as { rows: { metric: string; count: string | number }[] };
      return new Map(result.rows.map((row) => [row.metric, Number(row.count)]));
    },

    /**
     * Marks the summary of `month` sent, in the caller's transaction (with the email queued in
     * it): false when another process got there first.
     */
    async claimSummary(tx: Database, organizationId: string, month: string): Promise<boolean> {
      const rows = await tx
        .insert(insightsEmailsSent)
        .values({ organizationId, month })
        .onConflictDoNothing()
        .returning({ organizationId: insightsEmailsSent.organizationId });
      return rows.length > 0;
    },

    async monthlyEmailOn(organizationId: string): Promise<boolean> {
      const [row] = await db
        .select({ at: insightsEmailOptOuts.at })
        .from(insightsEmailOptOuts)
        .where(eq(insightsEmailOptOuts.organizationId, organizationId));
      return !row;
    },

    async setMonthlyEmail(organizationId: string, on: boolean): Promise<void> {
      if (on) {
        await db
          .delete(insightsEmailOptOuts)
          .where(eq(insightsEmailOptOuts.organizationId, organizationId));
      } else {
        await db.insert(insightsEmailOptOuts).values({ organizationId }).onConflictDoNothing();
      }
    },
  };
}
export type InsightsRepository = ReturnType<typeof createInsightsRepository>;
