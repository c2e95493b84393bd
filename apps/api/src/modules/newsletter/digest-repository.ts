import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { newsletterDeliveries, newsletterDigests } from '../../db/schema.ts';
import type { DigestRow } from './repository.ts';

export interface NewOrganization {
  id: string;
  name: string;
  description: string;
}

/** Confirmed before the month's digest started, and not yet sent that month's digest. */
const due = (month: string, startedAt: Date) => sql`
  s.confirmed_at is not null and s.confirmed_at <= ${startedAt.toISOString()}::timestamptz
  and not exists (
    select 1 from newsletter_deliveries d where d.subscriber_id = s.id and d.month = ${month}::date
  )`;

/** The monthly digest's queries (modules/newsletter/digest-job.ts). */
export function createDigestRepository(db: Database) {
  return {
    /** Organizations first published in [from, to) and public now, oldest first. */
    async newOrganizations(from: Date, to: Date): Promise<NewOrganization[]> {
      const result = (await db.execute(sql`
        select o.id, o.name, o.description
        from organization_first_published f
        join organizations o on o.id = f.organization_id
        where f.at >= ${from.toISOString()}::timestamptz and f.at < ${to.toISOString()}::timestamptz
          and o.published
        order by f.at, o.name`)) as unknown as { rows: NewOrganization[] };
      return result.rows;
    },

    /**
     * Roles posted in [from, to) that are open now, of organizations public now: how many, and
     * at how many organizations.
     */
    async newRoles(from: Date, to: Date): Promise<{ count: number; organizations: number }> {
      const result = (await db.execute(sql`
        select count(*)::int as count, count(distinct r.organization_id)::int as organizations
        from organization_roles r
        join organizations o on o.id = r.organization_id
        where r.posted_at >= ${from.toISOString()}::timestamptz
          and r.posted_at < ${to.toISOString()}::timestamptz
          and o.published and r.closed_at is null and r.held_at is null
          and r.closes_on >= (now() at time zone 'utc')::date`)) as unknown as {
        rows: { count: number; organizations: number }[];
      };
      const [row] = result.rows;
      return { count: Number(row?.count ?? 0), organizations: Number(row?.organizations ?? 0) };
    },

    async get(month: string): Promise<DigestRow | null> {
      const [row] = await db
        .select()
        .from(newsletterDigests)
        .where(eq(newsletterDigests.month, month));
      return row ?? null;
    },

    /**
     * The month's digest row, written by the first run that starts it (its line kept), or null
     * when it was there already. `startedAt` also ends its time: an early digest holds those
     * first published until it was sent (ADR 037).
     */
    async startIfNew(
      executor: Database,
      row: { month: string; digestLine: string; organizations: number; startedAt: Date },
    ): Promise<DigestRow | null> {
      const [started] = await executor
        .insert(newsletterDigests)
        .values(row)
        .onConflictDoNothing()
        .returning();
      return started ?? null;
    },

    /** Confirmed subscribers the month's digest, started at `startedAt`, would still go to. */
    async dueCount(month: string, startedAt: Date): Promise<number> {
      const result = (await db.execute(sql`
        select count(*)::int as n from newsletter_subscribers s
        where ${due(month, startedAt)}`)) as unknown as { rows: { n: number }[] };
      return result.rows[0]!.n;
    },

    /**
     * Claims up to `limit` subscribers due the month's digest, in the caller's transaction: their
     * rows are locked (another process skips them) and each gets its delivery row, whose primary
     * key refuses a second one. `seen`: how many were due here, claimed or not.
     */
    async claim(tx: Database, digest: DigestRow, limit: number) {
      const result = (await tx.execute(sql`
        with due as (
          select s.id, s.email from newsletter_subscribers s
          where ${due(digest.month, digest.startedAt)}
          order by s.id
          limit ${limit}
          for update of s skip locked
        ), claimed as (
          insert into newsletter_deliveries (subscriber_id, month)
          select id, ${digest.month}::date from due
          on conflict do nothing
          returning subscriber_id
        )
        select due.id, due.email, claimed.subscriber_id is not null as claimed
        from due left join claimed on claimed.subscriber_id = due.id`)) as unknown as {
        rows: { id: string; email: string; claimed: boolean }[];
      };
      return {
        seen: result.rows.length,
        claimed: result.rows.filter((row) => row.claimed),
      };
    },

    async delivered(tx: Database, month: string, subscriberId: string, outboxId: number) {
      await tx
        .update(newsletterDeliveries)
        .set({ outboxId })
        .where(
          and(
            eq(newsletterDeliveries.month, month),
            eq(newsletterDeliveries.subscriberId, subscriberId),
          ),
        );
    },

    async addQueued(tx: Database, month: string, queued: number) {
      await tx
        .update(newsletterDigests)
        .set({ queued: sql`${newsletterDigests.queued} + ${queued}` })
        .where(eq(newsletterDigests.month, month));
    },

    /** Marks the digest done; `whenNobodyDue`: only once nobody is left to queue it to. */
    async finish(digest: DigestRow, { whenNobodyDue }: { whenNobodyDue: boolean }): Promise<void> {
      await db
        .update(newsletterDigests)
        .set({ finishedAt: sql`now()` })
        .where(
          and(
            eq(newsletterDigests.month, digest.month),
            isNull(newsletterDigests.finishedAt),
            whenNobodyDue
              ? sql`not exists (select 1 from newsletter_subscribers s where ${due(digest.month, digest.startedAt)})`
              : undefined,
          ),
        );
    },
  };
}
export type DigestRepository = ReturnType<typeof createDigestRepository>;
