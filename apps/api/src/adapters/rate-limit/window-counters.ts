import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rateLimitHits } from '../../db/schema.ts';

/**
 * Fixed-window counters in `rate_limit_hits`, shared by every server process. One upsert counts
 * a hit and starts a new window when the old one is over, so concurrent hits never lose a count.
 */
export function createWindowCounters(db: Database) {
  return {
    async hit(key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }> {
      const expired = sql`${rateLimitHits.resetAt} <= now()`;
      const nextReset = sql`now() + make_interval(secs => ${windowMs / 1000})`;
      const [row] = await db
        .insert(rateLimitHits)
        .values({ key, hits: 1, resetAt: nextReset })
        .onConflictDoUpdate({
          target: rateLimitHits.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end`,
            resetAt: sql`case when ${expired} then ${nextReset} else ${rateLimitHits.resetAt} end`,
          },
        })
        .returning({
          hits: rateLimitHits.hits,
          ttl: sql<number>`greatest(0, extract(epoch from ${rateLimitHits.resetAt} - now()) * 1000)::float8`,
        });
      return { hits: row?.hits ?? 1, ttlMs: Math.ceil(row?.ttl ?? 0) };
    },

    /** Whether the key has a window still open, without counting a hit. */
    async active(key: string): Promise<boolean> {
      const rows = await db
        .select({ key: rateLimitHits.key })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.resetAt, sql`now()`)));
      return rows.length > 0;
    },

    async clear(key: string): Promise<void> {
      await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
    },

    /** Clears every key that starts with `prefix` (compared as text, no pattern). */
    async clearStartingWith(prefix: string): Promise<void> {
      await db.delete(rateLimitHits).where(sql`starts_with(${rateLimitHits.key}, ${prefix})`);
    },
  };
}
export type WindowCounters = ReturnType<typeof createWindowCounters>;
