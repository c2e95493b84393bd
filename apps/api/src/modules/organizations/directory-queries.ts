import { and, asc, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  directoryChanges,
  directoryState,
  organizations,
  verificationColumn,
} from '../../db/schema.ts';
import type { IndexedOrganization } from './directory/index.ts';

const indexColumns = {
  id: organizations.id,
  name: organizations.name,
  description: organizations.description,
  logo: organizations.logo,
  categoryIds: organizations.categoryIds,
  country: organizations.country,
  location: organizations.location,
  verification: verificationColumn,
  lexemes: sql<string[]>`tsvector_to_array(${organizations.search})`,
  // The roles neither closed nor held, and not closed before yesterday (UTC): the index counts
  // those not yet past for its own today (a clock a day apart from the database's still reads
  // what it needs), and the rest never open again without a write, which the log records.
  // Written out in full: drizzle leaves a lone table's columns unqualified, and the subquery's
  // own id would win.
  roleClosings: sql<string[]>`array(
    select role.closes_on::text from organization_roles as role
    where role.organization_id = "organizations"."id"
      and role.closed_at is null and role.held_at is null
      and role.closes_on >= (now() at time zone 'utc')::date - 1)`,
};

/** What the directory engine reads (its DirectorySource): published rows and their changes. */
export function createDirectoryQueries(db: Database) {
  const versionQuery = db
    .select({ version: directoryState.version })
    .from(directoryState)
    .prepare('directory_version');
  return {
    /** Published organizations as the directory index keeps them, in id order after `afterId`. */
    indexRowsAfter(afterId: string | null, limit: number): Promise<IndexedOrganization[]> {
      return db
        .select(indexColumns)
        .from(organizations)
        .where(
          afterId
            ? and(sql`${organizations.published}`, gt(organizations.id, afterId))
            : sql`${organizations.published}`,
        )
        .orderBy(asc(organizations.id))
        .limit(limit);
    },

    /** The organizations among `ids` that are published now, as the index keeps them. */
    indexRowsByIds(ids: string[]): Promise<IndexedOrganization[]> {
      return db
        .select(indexColumns)
        .from(organizations)
        .where(and(sql`${organizations.published}`, inArray(organizations.id, ids)));
    },

    /** Asked on every directory request: a prepared statement, built and planned once. */
    async directoryVersion(): Promise<number> {
      const [row] = await versionQuery.execute();
      return row?.version ?? 0;
    },

    /** What each version after `version` changed, oldest first (ids null: everything). */
    directoryChangesSince(version: number) {
      return db
        .select({ version: directoryChanges.version, ids: directoryChanges.organizationIds })
        .from(directoryChanges)
        .where(gt(directoryChanges.version, version))
        .orderBy(asc(directoryChanges.version));
    },
  };
}
