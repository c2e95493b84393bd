import type { Database } from '../../db/client.ts';
import { createRemovalQueries } from './removal-queries.ts';
import { createSignInQueries } from './sign-in-queries.ts';
import { createTokenQueries } from './token-queries.ts';

/** The accounts' queries, by use case (the files imported above). */
export function createAccountRepository(db: Database) {
  return {
    /** Runs several writes as one; repositories given `tx` write inside it. */
    inTransaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx as unknown as Database));
    },

    ...createSignInQueries(db),
    ...createTokenQueries(db),
    ...createRemovalQueries(db),
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
