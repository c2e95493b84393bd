import { and, desc, eq, sql } from 'drizzle-orm';
import { FEED_ENTRIES } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { organizationFirstPublished, organizations } from '../../db/schema.ts';
import type { DirectoryFilterQuery } from '../organizations/directory-listing.ts';
import type { OrganizationService } from '../organizations/service.ts';

/** An organization as its feed entry shows it. */
export interface NewlyPublished {
  id: string;
  name: string;
  description: string;
  country: string;
  categoryIds: string[];
  /** When it was first published (migration 0015's trigger). */
  at: Date;
}

/**
 * Up to this many matches, the directory lists them all and the database orders them by date;
 * beyond, matches are common enough that a few batches of the newest find the first 50.
 */
const FEW_MATCHES = 2_000;
/** The first batch of newest organizations checked against the filter; each next one is 4x. */
const FIRST_BATCH = 500;

/**
 * The newest published organizations the directory lists for a filter (ADR 053). The filter is
 * the directory's own, answered by its index (ADR 018); the order is the date each was first
 * published, which only the database holds.
 */
export function createNewlyPublished(
  db: Database,
  directory: Pick<OrganizationService, 'allListed' | 'listedAmong'>,
) {
  const published = sql`${organizations.published}`;
  const byNewest = [
    desc(organizationFirstPublished.at),
    desc(organizationFirstPublished.organizationId),
  ];

  /**
   * Organizations by the date first published, newest first: ids only, read from the index on
   * (at, organization_id) alone. Whether each is still published is the directory's check of
   * the batch (listedAmong), which lists published organizations only.
   */
  const newestIds = db
    .select({ id: organizationFirstPublished.organizationId })
    .from(organizationFirstPublished)
    .orderBy(...byNewest)
    .offset(sql.placeholder('offset'))
    .limit(sql.placeholder('limit'))
    .prepare('feed_newest_ids');

  /**
   * The entries of `ids` still published, newest first, at most FEED_ENTRIES: the ids go as one
   * array, not a parameter each (up to FEW_MATCHES of them).
   */
  const entriesQuery = db
    .select({
      id: organizations.id,
      name: organizations.name,
      description: organizations.description,
      country: organizations.country,
      categoryIds: organizations.categoryIds,
      at: organizationFirstPublished.at,
    })
    .from(organizationFirstPublished)
    .innerJoin(organizations, eq(organizations.id, organizationFirstPublished.organizationId))
    .where(
      and(
        published,
        sql`${organizationFirstPublished.organizationId} = any(${sql.placeholder('ids')}::uuid[])`,
      ),
    )
    .orderBy(...byNewest)
    .limit(FEED_ENTRIES)
    .prepare('feed_entries');
  const entriesOf = (ids: string[]): Promise<NewlyPublished[]> =>
    ids.length === 0 ? Promise.resolve([]) : entriesQuery.execute({ ids });

  /** The newest matches found batch by batch, for a filter that matches many. */
  async function newestOfMany(query: DirectoryFilterQuery): Promise<string[]> {
    const found: string[] = [];
    let offset = 0;
    for (let batch = FIRST_BATCH; found.length < FEED_ENTRIES; batch *= 4) {
      const ids = (await newestIds.execute({ offset, limit: batch })).map((row) => row.id);
      const listed = await directory.listedAmong(query, ids);
      found.push(...ids.filter((id) => listed.has(id)));
      if (ids.length < batch) break;
      offset += batch;
    }
    return found.slice(0, FEED_ENTRIES);
  }

  return {
    /**
     * The newest FEED_ENTRIES organizations the directory lists for `query`, newest first.
     * Refuses an unknown category or country as the directory's list does (400).
     */
    async newest(query: DirectoryFilterQuery): Promise<NewlyPublished[]> {
      const few = await directory.allListed(query, FEW_MATCHES);
      return entriesOf(few ?? (await newestOfMany(query)));
    },
  };
}
