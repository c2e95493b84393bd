import { and, eq, gt, like, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users, verifications } from '../../db/schema.ts';

/** The verification row of a user's email-verification link. */
export const verificationIdentifier = (userId: string) => `email-verification:${userId}`;

/** The links of email verification and password reset, stored and used up. */
export function createTokenQueries(db: Database) {
  return {
    /** Replaces the user's verification token: only the newest link works. */
    async storeVerificationToken(
      executor: Database,
      userId: string,
      tokenHash: string,
      expiresAt: Date,
    ): Promise<void> {
      await executor
        .delete(verifications)
        .where(eq(verifications.identifier, verificationIdentifier(userId)));
      await executor.insert(verifications).values({
        id: crypto.randomUUID(),
        identifier: verificationIdentifier(userId),
        value: tokenHash,
        expiresAt,
      });
    },

    /** Password-reset links of the user other than the newest stop working. */
    async keepOnlyResetToken(executor: Database, userId: string, newest: string): Promise<void> {
      await executor
        .delete(verifications)
        .where(
          and(
            like(verifications.identifier, 'reset-password%'),
            eq(verifications.value, userId),
            ne(verifications.identifier, newest),
          ),
        );
    },

    /** Uses the token up and marks the email verified; false when it is unknown, used or expired. */
    consumeVerificationToken(userId: string, tokenHash: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const used = await tx
          .delete(verifications)
          .where(
            and(
              eq(verifications.identifier, verificationIdentifier(userId)),
              eq(verifications.value, tokenHash),
              gt(verifications.expiresAt, sql`now()`),
            ),
          )
          .returning({ id: verifications.id });
        if (used.length === 0) return false;
        const updated = await tx
          .update(users)
          .set({ emailVerified: true, updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning({ id: users.id });
        return updated.length > 0;
      });
    },
  };
}
