import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { domainVerificationCodes, organizations } from '../../db/schema.ts';

export type VerificationCodeRow = typeof domainVerificationCodes.$inferSelect;
export type NewVerificationCode = typeof domainVerificationCodes.$inferInsert;

/** Codes sent to prove a domain, and the badge on the organization's row (ADR 032). */
export function createVerificationRepository() {
  return {
    /** Codes sent since `since`, by this account and to this domain (whoever asked). */
    async sentSince(tx: Database, userId: string, domain: string, since: Date) {
      const [row] = await tx
        .select({
          byUser:
            sql<number>`count(*) filter (where ${domainVerificationCodes.userId} = ${userId})`.mapWith(
              Number,
            ),
          toDomain:
            sql<number>`count(*) filter (where ${domainVerificationCodes.domain} = ${domain})`.mapWith(
              Number,
            ),
        })
        .from(domainVerificationCodes)
        .where(
          and(
            gt(domainVerificationCodes.createdAt, since),
            or(
              eq(domainVerificationCodes.userId, userId),
              eq(domainVerificationCodes.domain, domain),
            ),
          ),
        );
      return { byUser: row?.byUser ?? 0, toDomain: row?.toDomain ?? 0 };
    },

    /** Takes the organization's row lock: its codes are sent and checked one at a time. */
    async lockOrganization(tx: Database, organizationId: string): Promise<void> {
      await tx.execute(
        sql`select 1 from ${organizations} where ${organizations.id} = ${organizationId} for update`,
      );
    },

    /** Ends the organization's open code, if any: a new one replaces it. */
    async closeOpen(tx: Database, organizationId: string, at: Date): Promise<void> {
      await tx
        .update(domainVerificationCodes)
        .set({ closedAt: at })
        .where(
          and(
            eq(domainVerificationCodes.organizationId, organizationId),
            isNull(domainVerificationCodes.closedAt),
          ),
        );
    },

    /** Deletes the organization's codes sent before `before`. */
    async removeOlder(tx: Database, organizationId: string, before: Date): Promise<void> {
      await tx
        .delete(domainVerificationCodes)
        .where(
          and(
            eq(domainVerificationCodes.organizationId, organizationId),
            lt(domainVerificationCodes.createdAt, before),
          ),
        );
    },

    async insert(tx: Database, code: NewVerificationCode): Promise<void> {
      await tx.insert(domainVerificationCodes).values(code);
    },

    /** The organization's open code (the newest one not closed), or null. */
    async openCode(tx: Database, organizationId: string): Promise<VerificationCodeRow | null> {
      const [row] = await tx
        .select()
        .from(domainVerificationCodes)
        .where(
          and(
            eq(domainVerificationCodes.organizationId, organizationId),
            isNull(domainVerificationCodes.closedAt),
          ),
        )
        .orderBy(desc(domainVerificationCodes.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** Counts a wrong attempt; closes the code when it was the last one allowed. */
    async countAttempt(tx: Database, id: string, attempts: number, closedAt: Date | null) {
      await tx
        .update(domainVerificationCodes)
        .set({ attempts, closedAt })
        .where(eq(domainVerificationCodes.id, id));
    },

    async close(tx: Database, id: string, at: Date): Promise<void> {
      await tx
        .update(domainVerificationCodes)
        .set({ closedAt: at })
        .where(eq(domainVerificationCodes.id, id));
    },

    /** Gives the organization the badge for `domain`. */
    async setBadge(tx: Database, organizationId: string, domain: string, at: Date): Promise<void> {
      await tx
        .update(organizations)
        .set({ verifiedDomain: domain, verifiedAt: at })
        .where(eq(organizations.id, organizationId));
    },

    /** Takes the badge away (an operator's revocation). */
    async clearBadge(tx: Database, organizationId: string): Promise<void> {
      await tx
        .update(organizations)
        .set({ verifiedDomain: null, verifiedAt: null })
        .where(eq(organizations.id, organizationId));
    },
  };
}
export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
