import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from './client.ts';

export interface AmbientTransactions {
  /** The database handle to give a library: its transactions become visible to `current()`. */
  db: Database;
  /** The transaction running in this async context, else the database itself. */
  current(): Database;
}

/**
 * Lets code that a library calls back (better-auth's hooks) write in the library's own
 * transaction. The email outbox relies on it: an email is stored in the same transaction as the
 * change that causes it. On PGlite, which has one connection, writing through the outer handle
 * inside a transaction would also deadlock.
 */
export function withAmbientTransactions(db: Database): AmbientTransactions {
  const storage = new AsyncLocalStorage<Database>();
  const wrapped = Object.create(db) as Database;
  const transaction: Database['transaction'] = (work, config) =>
    db.transaction((tx) => storage.run(tx as unknown as Database, () => work(tx)), config);
  wrapped.transaction = transaction;
  return { db: wrapped, current: () => storage.getStore() ?? db };
}
