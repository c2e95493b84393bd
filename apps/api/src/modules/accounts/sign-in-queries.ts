import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, users } from '../../db/schema.ts';

/** A user and their sign-in methods, as the account calls check them. */
export function createSignInQueries(db: Database) {
  return {
    /** Provider ids of the user's sign-in methods ('credential' is email and password). */
    async providerIds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ providerId: accounts.providerId })
        .from(accounts)
        .where(eq(accounts.userId, userId));
      return rows.map((row) => row.providerId);
    },

    /** Whether the account with this email (if any) signs in with a password. */
    async emailHasPassword(email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .where(and(eq(users.email, email.toLowerCase()), eq(accounts.providerId, 'credential')))
        .limit(1);
      return Boolean(row);
    },

    async passwordHash(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ password: accounts.password })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
      return row?.password ?? null;
    },

    async findUser(userId: string) {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row ?? null;
    },
  };
}
