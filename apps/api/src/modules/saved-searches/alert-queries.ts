import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { directoryPriorStates, roleOpenings } from '../../db/schema.ts';
import {
  rowsOf,
  type DueSearch,
  type PriorStateRow,
  type RoleOpeningRow,
} from './saved-search-rows.ts';

/** The alerts' work: due searches taken, what changed since, the searches moved on. */
export function createAlertQueries(db: Database) {
  return {
    /**
     * Up to `limit` searches due at `now` that no other process holds, held until `holdUntil`
     * (another process skips them meanwhile; if this one stops, they are due again then); only
     * those of the account at `onlyTo` when it is given.
     */
    async takeDue(
      now: Date,
      limit: number,
      holdUntil: Date,
      onlyTo?: string,
    ): Promise<DueSearch[]> {
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          with due as (
            select id from saved_searches
            where next_alert_at <= ${now.toISOString()}::timestamptz
              and (taken_until is null or taken_until < ${now.toISOString()}::timestamptz)
              and (${onlyTo ?? null}::text is null
                or user_id = (select id from users where email = ${onlyTo ?? null}::text))
            order by next_alert_at, id
            limit ${limit}
            for update skip locked
          )
          update saved_searches s set taken_until = ${holdUntil.toISOString()}::timestamptz
          from due, users u
          where s.id = due.id and u.id = s.user_id
          returning s.id, s.user_id, s.name, s.frequency, s.q, s.category_ids, s.country,
            s.verified, s.follows, s.hiring, s.kinds, s.remote, s.watermark, s.next_alert_at, s.taken_until, s.last_alert_at,
            s.created_at, u.email, u.disabled_at is not null as disabled`),
      );
      const moment = (value: unknown) => (value === null ? null : new Date(value as string));
      return rows.map((row) => ({
        id: row.id as string,
        userId: row.user_id as string,
        name: row.name as string,
        frequency: row.frequency as DueSearch['frequency'],
        q: row.q as string,
        categoryIds: row.category_ids as string[],
        country: row.country as string | null,
        verified: row.verified as boolean,
        follows: row.follows as DueSearch['follows'],
        hiring: row.hiring as boolean,
        kinds: row.kinds as string[],
        remote: row.remote as boolean,
        watermark: Number(row.watermark),
        nextAlertAt: moment(row.next_alert_at)!,
        takenUntil: moment(row.taken_until),
        lastAlertAt: moment(row.last_alert_at),
        createdAt: moment(row.created_at)!,
        email: row.email as string,
        disabled: row.disabled as boolean,
      }));
    },

    /** What the organizations changed after `afterVersion`, up to `upTo`, were before, oldest first. */
    priorStates(afterVersion: number, upTo: number): Promise<PriorStateRow[]> {
      return db
        .select()
        .from(directoryPriorStates)
        .where(
          sql`${directoryPriorStates.version} > ${afterVersion} and ${directoryPriorStates.version} <= ${upTo}`,
        )
        .orderBy(directoryPriorStates.version);
    },

    /** The roles posted after `afterVersion`, up to `upTo` (ADR 046), oldest first. */
    openingsBetween(afterVersion: number, upTo: number): Promise<RoleOpeningRow[]> {
      return db
        .select()
        .from(roleOpenings)
        .where(
          sql`${roleOpenings.version} > ${afterVersion} and ${roleOpenings.version} <= ${upTo}`,
        )
        .orderBy(roleOpenings.version);
    },

    /**
     * Searches' alerts worked out, in one statement: each one's watermark, next date and last
     * alert moved on if it is still the one taken (due at `dueAt`). The ids of those moved on;
     * one left out was done first by another process, or deleted: its alert is not sent.
     */
    async completeMany(
      tx: Database,
      searches: {
        id: string;
        dueAt: Date;
        next: { watermark: number; nextAlertAt: Date; lastAlertAt: Date };
      }[],
    ): Promise<Set<string>> {
      if (searches.length === 0) return new Set();
      const values = sql.join(
        searches.map(
          ({ id, dueAt, next }) =>
            sql`(${id}::uuid, ${dueAt.toISOString()}::timestamptz, ${next.watermark}::bigint, ${next.nextAlertAt.toISOString()}::timestamptz, ${next.lastAlertAt.toISOString()}::timestamptz)`,
        ),
        sql`, `,
      );
      const rows = rowsOf<{ id: string }>(
        await tx.execute(sql`
          update saved_searches s
          set watermark = v.watermark, next_alert_at = v.next_alert_at,
            last_alert_at = v.last_alert_at, taken_until = null
          from (values ${values}) as v(id, due_at, watermark, next_alert_at, last_alert_at)
          where s.id = v.id and s.next_alert_at = v.due_at
          returning s.id`),
      );
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Drops the prior states and role openings no saved search can ask for (at or before every watermark),
     * recorded before `recordedBefore`: a search being saved meanwhile has a watermark of now.
     */
    async prunePriorStates(recordedBefore: Date): Promise<void> {
      await db.execute(sql`
        delete from directory_prior_states
        where version <= coalesce(
            (select min(watermark) from saved_searches where follows = 'organizations'),
            (select version from directory_state))
          and recorded_at < ${recordedBefore.toISOString()}::timestamptz`);
      await db.execute(sql`
        delete from role_openings
        where version <= coalesce(
            (select min(watermark) from saved_searches where follows = 'roles'),
            (select version from directory_state))
          and recorded_at < ${recordedBefore.toISOString()}::timestamptz`);
    },
  };
}
