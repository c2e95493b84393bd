import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { savedSearches } from '../../db/schema.ts';
import type { NewSavedSearch, SavedSearchRow } from './saved-search-rows.ts';

/** A user's saved searches: counted and saved one at a time, listed, deleted. */
export function createOwnerQueries(db: Database) {
  return {
    /** Locks the user's row until `tx` ends: one save at a time counts their searches. */
    async lockUser(tx: Database, userId: string): Promise<void> {
      await tx.execute(sql`select 1 from users where id = ${userId} for update`);
    },

    async countOwned(tx: Database, userId: string): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(savedSearches)
        .where(eq(savedSearches.userId, userId));
      return row?.n ?? 0;
    },

    /** Saved as of the directory's version now: what changes after it is new to the search. */
    async insert(tx: Database, search: NewSavedSearch): Promise<SavedSearchRow> {
      const [row] = await tx
        .insert(savedSearches)
        .values({ ...search, watermark: sql`(select version from directory_state)` })
        .returning();
      return row!;
    },

    listOwned(userId: string): Promise<SavedSearchRow[]> {
      return db
        .select()
        .from(savedSearches)
        .where(eq(savedSearches.userId, userId))
        .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
    },

    async deleteOwned(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(savedSearches)
        .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
        .returning({ id: savedSearches.id });
      return deleted.length > 0;
    },

    async deleteById(id: string): Promise<boolean> {
      const deleted = await db
        .delete(savedSearches)
        .where(eq(savedSearches.id, id))
        .returning({ id: savedSearches.id });
      return deleted.length > 0;
    },
  };
}
