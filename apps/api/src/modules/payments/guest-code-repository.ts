import { and, asc, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { guestCodeRedemptions, guestCodes } from '../../db/schema.ts';

/** Guest codes (operators create and disable them) and their redemptions by owners. */
export function createGuestCodeRepository(db: Database) {
  return {
    async createGuestCode(values: typeof guestCodes.$inferInsert) {
      const [row] = await db.insert(guestCodes).values(values).returning();
      return row!;
    },

    listGuestCodes: () => db.select().from(guestCodes).orderBy(asc(guestCodes.createdAt)),

    async disableGuestCode(code: string) {
      const [row] = await db
        .update(guestCodes)
        .set({ disabledAt: new Date() })
        .where(and(sql`lower(${guestCodes.code}) = lower(${code})`, isNull(guestCodes.disabledAt)))
        .returning();
      return row ?? null;
    },

    /**
     * Takes one use of the code if it is usable now. One conditional UPDATE: two owners racing
     * for the last use cannot both get it, the row's lock makes the second see the first's count.
     */
    async claimGuestCode(tx: Database, code: string, now: Date) {
      const [row] = await tx
        .update(guestCodes)
        .set({ uses: sql`${guestCodes.uses} + 1` })
        .where(
          and(
            sql`lower(${guestCodes.code}) = lower(${code})`,
            isNull(guestCodes.disabledAt),
            sql`${guestCodes.expiresAt} > ${now}`,
            sql`${guestCodes.uses} < ${guestCodes.maxUses}`,
          ),
        )
        .returning();
      return row ?? null;
    },

    async findGuestCode(executor: Database, code: string) {
      const [row] = await executor
        .select()
        .from(guestCodes)
        .where(sql`lower(${guestCodes.code}) = lower(${code})`);
      return row ?? null;
    },

    /** false when the code was already used for this organization. */
    async recordRedemption(
      tx: Database,
      values: { guestCodeId: string; organizationId: string; userId: string },
    ) {
      const inserted = await tx
        .insert(guestCodeRedemptions)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: guestCodeRedemptions.guestCodeId });
      return inserted.length > 0;
    },
  };
}
