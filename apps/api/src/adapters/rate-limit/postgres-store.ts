import type { WindowCounters } from './window-counters.ts';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit kept in Postgres, so every server process counts against the
 * same limit (docs/architecture.md#one-server-one-database: nothing that matters lives in memory).
 */
export function createPostgresStore(counters: WindowCounters) {
  return class PostgresRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      counters
        .hit(key, timeWindow)
        .then(({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }))
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    child() {
      return this;
    }
  };
}
