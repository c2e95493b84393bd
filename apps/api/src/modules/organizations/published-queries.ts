import { and, asc, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { directoryState, organizations } from '../../db/schema.ts';
import type { Freshness } from './freshness-reads.ts';

/** What pages, their caches and the sitemap read of the published organizations. */
export function createPublishedQueries(db: Database) {
  // Every public page and list request asks this (freshness-reads.ts): the directory's version,
  // and the row versions of the organizations asked for; always one row at least.
  const freshnessQuery = db
    .select({
      directoryVersion: sql<
        number | null
      >`(select ${directoryState.version} from ${directoryState})`.mapWith(Number),
      id: organizations.id,
      version: sql<string | null>`${organizations}.xmin::text`,
    })
    .from(sql`(values (1)) as one`)
    .leftJoin(
      organizations,
      and(
        sql`${organizations.id} = any(${sql.placeholder('ids')}::uuid[])`,
        sql`${organizations.published}`,
      ),
    )
    .prepare('freshness');
  return {
    /**
     * The directory's version, and the transaction that last wrote each published organization's
     * row among `ids` (the others are missing). Every write to a profile (its fields, its
     * categories, an image, payment, an operator's hold) updates the row, so a row version
     * changes whenever the profile page would.
     */
    async freshness(ids: string[]): Promise<Freshness> {
      const rows = await freshnessQuery.execute({ ids });
      const rowVersions = new Map<string, string>();
      for (const row of rows) if (row.id !== null) rowVersions.set(row.id, row.version!);
      return { directoryVersion: rows[0]?.directoryVersion ?? 0, rowVersions };
    },

    /** Published organizations' row versions (as freshness gives them), in id order after `afterId`. */
    publishedRowVersionsAfter(
      afterId: string | null,
      limit: number,
    ): Promise<{ id: string; version: string }[]> {
      return db
        .select({ id: organizations.id, version: sql<string>`${organizations}.xmin::text` })
        .from(organizations)
        .where(
          afterId
            ? and(sql`${organizations.published}`, gt(organizations.id, afterId))
            : sql`${organizations.published}`,
        )
        .orderBy(asc(organizations.id))
        .limit(limit);
    },

    /** How many organizations are published (the sitemap's size). */
    async countPublished(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(organizations)
        .where(sql`${organizations.published}`);
      return Number(row?.count ?? 0);
    },

    /** A slice of the published profiles in a stable order, for one sitemap file. */
    publishedForSitemap(offset: number, limit: number) {
      return db
        .select({ id: organizations.id, updatedAt: organizations.updatedAt })
        .from(organizations)
        .where(sql`${organizations.published}`)
        .orderBy(asc(organizations.id))
        .offset(offset)
        .limit(limit);
    },
  };
}
