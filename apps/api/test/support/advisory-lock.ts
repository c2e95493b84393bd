import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';

/**
 * Holds a transaction-level advisory lock in a transaction of its own, as another process running
 * the same job would (PostgreSQL only: PGlite's one connection would block the job itself).
 * Resolves once the lock is taken; `release` ends the transaction.
 */
export async function holdAdvisoryLock(
  db: Database,
  key: number,
): Promise<{ release: () => Promise<void> }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const lockTaken = new Promise<void>((resolve) => (locked = resolve));
  const holder = db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
    locked();
    await held;
  });
  await lockTaken;
  return {
    release: async () => {
      release();
      await holder;
    },
  };
}
