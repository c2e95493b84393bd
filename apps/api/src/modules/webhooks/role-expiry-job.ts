import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { PeriodicJob } from '../../jobs/scheduler.ts';

/**
 * Announces as `role.closed` the roles whose closing date has passed (ADR 056), which no write
 * and so no trigger marks: the database's `webhook_announce_expired_roles` (migration 0030) does
 * it once per role and closing date, whichever process runs it and however often. The day is
 * `now`'s in UTC, the day a role's closing date is read in (ADR 042).
 */
export function roleExpiryJob(db: Database): PeriodicJob & { runAt(now: Date): Promise<number> } {
  const runAt = async (now: Date) => {
    const today = now.toISOString().slice(0, 10);
    const result = (await db.execute(
      sql`select webhook_announce_expired_roles(${today}::date) as announced`,
    )) as unknown as { rows: { announced: number }[] };
    return Number(result.rows[0]?.announced ?? 0);
  };
  return { name: 'announce-expired-roles', run: () => runAt(new Date()), runAt };
}
