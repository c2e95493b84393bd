import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rateLimitHits } from '../../db/schema.ts';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A fixed-window counter for @fastify/rate-limit kept in Postgres, so every server process
 * counts against the same limit (ARCHITECTURE.md: nothing that matters lives in memory).
 */
export function createPostgresStore(db: Database) {
  return class PostgresRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      const expired = sql`${rateLimitHits.resetAt} <= now()`;
      db.insert(rateLimitHits)
        .values({ key, hits: 1, resetAt: sql`now() + make_interval(secs => ${timeWindow / 1000})` })
        .onConflictDoUpdate({
          target: rateLimitHits.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end`,
            resetAt: sql`case when ${expired} then now() + make_interval(secs => ${timeWindow / 1000}) else ${rateLimitHits.resetAt} end`,
          },
        })
        .returning({
          hits: rateLimitHits.hits,
          ttl: sql<number>`greatest(0, extract(epoch from ${rateLimitHits.resetAt} - now()) * 1000)::float8`,
        })
        .then(([row]) => callback(null, { current: row?.hits ?? 1, ttl: Math.ceil(row?.ttl ?? 0) }))
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    child() {
      return this;
    }
  };
}
