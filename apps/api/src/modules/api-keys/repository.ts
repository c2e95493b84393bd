import { and, asc, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { apiKeyUsage, apiKeys } from '../../db/schema.ts';

const listed = {
  id: apiKeys.id,
  name: apiKeys.name,
  start: apiKeys.start,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
};
export interface ApiKeyRow {
  id: string;
  name: string;
  start: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** The day in UTC, as usage is counted and shown. */
const utcToday = sql`(now() at time zone 'utc')::date`;

/** API keys and their usage (ADR 055). */
export function createApiKeyRepository(db: Database) {
  const live = (userId: string) => and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt));
  return {
    async listLive(userId: string): Promise<ApiKeyRow[]> {
      return db.select(listed).from(apiKeys).where(live(userId)).orderBy(desc(apiKeys.createdAt));
    },

    async countLive(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(apiKeys).where(live(userId));
      return row?.n ?? 0;
    },

    async insert(values: {
      userId: string;
      name: string;
      start: string;
      secretHash: string;
    }): Promise<ApiKeyRow> {
      const [row] = await db.insert(apiKeys).values(values).returning(listed);
      return row!;
    },

    /** Revokes one of the user's live keys; false when there is none by that id. */
    async revoke(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: sql`now()` })
        .where(and(live(userId), eq(apiKeys.id, id)))
        .returning({ id: apiKeys.id });
      return rows.length > 0;
    },

    /** The live key with this fingerprint, or null. */
    async findLive(secretHash: string) {
      const [row] = await db
        .select({ id: apiKeys.id, lastUsedAt: apiKeys.lastUsedAt })
        .from(apiKeys)
        .where(and(eq(apiKeys.secretHash, secretHash), isNull(apiKeys.revokedAt)));
      return row ?? null;
    },

    /** Counts one request for today; concurrent requests never lose a count. */
    async countRequest(keyId: string): Promise<void> {
      await db
        .insert(apiKeyUsage)
        .values({ keyId, day: sql`${utcToday}`, requests: 1 })
        .onConflictDoUpdate({
          target: [apiKeyUsage.keyId, apiKeyUsage.day],
          set: { requests: sql`${apiKeyUsage.requests} + 1` },
        });
    },

    async touch(keyId: string): Promise<void> {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: sql`now()` })
        .where(eq(apiKeys.id, keyId));
    },

    /** Requests per live key of the user per day, for the last `days` days (UTC). */
    async usage(userId: string, days: number) {
      const keys = db.select({ id: apiKeys.id }).from(apiKeys).where(live(userId));
      return db
        .select({
          keyId: apiKeyUsage.keyId,
          day: apiKeyUsage.day,
          requests: apiKeyUsage.requests,
        })
        .from(apiKeyUsage)
        .where(
          and(
            inArray(apiKeyUsage.keyId, keys),
            gte(apiKeyUsage.day, sql`${utcToday} - ${days - 1}::int`),
          ),
        )
        .orderBy(desc(apiKeyUsage.day), asc(apiKeyUsage.keyId));
    },
  };
}
export type ApiKeyRepository = ReturnType<typeof createApiKeyRepository>;
