import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { countries, organizationCategories, organizations } from '../../db/schema.ts';
import { ALL_COUNTRIES_CODE, type Country } from '@si/contracts';
import type { Position } from './cursor.ts';

export interface DirectoryFilter {
  country?: string | undefined;
  categoryIds?: string[] | undefined;
  /** A prefix tsquery, already sanitized. */
  tsQuery?: string | null | undefined;
}

export type OrganizationRow = typeof organizations.$inferSelect;
export type OrganizationCategoryRow = typeof organizationCategories.$inferSelect;

function publishedMatching(filter: DirectoryFilter): SQL {
  const conditions: SQL[] = [sql`${organizations.published}`];
  if (filter.country) {
    conditions.push(inArray(organizations.country, [filter.country, ALL_COUNTRIES_CODE]));
  }
  if (filter.categoryIds?.length) {
    conditions.push(sql`${organizations.categoryIds} @> ${toTextArray(filter.categoryIds)}`);
  }
  if (filter.tsQuery) {
    conditions.push(sql`${organizations.search} @@ to_tsquery('simple', ${filter.tsQuery})`);
  }
  return and(...conditions)!;
}

const toTextArray = (values: string[]) => sql`ARRAY[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

const summaryColumns = {
  id: organizations.id,
  name: organizations.name,
  description: organizations.description,
  logo: organizations.logo,
  categoryIds: organizations.categoryIds,
  country: organizations.country,
  location: organizations.location,
};

export function createOrganizationRepository(db: Database) {
  return {
    /** One page in (name, id) order, starting after `after`. */
    listPublished(filter: DirectoryFilter, after: Position | null, limit: number) {
      const where = after
        ? and(publishedMatching(filter), sql`(${organizations.name}, ${organizations.id}) > (${after[0]}, ${after[1]}::uuid)`)
        : publishedMatching(filter);
      return db
        .select(summaryColumns)
        .from(organizations)
        .where(where)
        .orderBy(asc(organizations.name), asc(organizations.id))
        .limit(limit);
    },

    /** Total and per-category counts for a filter, computed in one pass by the database. */
    async aggregatePublished(filter: DirectoryFilter): Promise<{ total: number; facets: Record<string, number> }> {
      const result = (await db.execute(sql`
        with matching as materialized (
          select ${organizations.categoryIds} as category_ids from ${organizations} where ${publishedMatching(filter)}
        )
        select
          (select count(*)::int from matching) as total,
          (select json_object_agg(category_id, n) from (
             select category_id, count(*)::int as n from matching, unnest(matching.category_ids) as category_id
             group by category_id
          ) counted) as facets`)) as unknown as { rows: { total: number; facets: Record<string, number> | null }[] };
      const row = result.rows[0];
      return { total: Number(row?.total ?? 0), facets: row?.facets ?? {} };
    },

    async findPublished(id: string) {
      const [row] = await db
        .select()
        .from(organizations)
        .where(and(eq(organizations.id, id), sql`${organizations.published}`));
      if (!row) return null;
      const links = await db
        .select()
        .from(organizationCategories)
        .where(eq(organizationCategories.organizationId, id));
      return { row, links };
    },

    /** Countries that have at least one published organization (ALL adds none). */
    activeCountries(): Promise<Country[]> {
      return db
        .select()
        .from(countries)
        .where(
          sql`exists (select 1 from ${organizations} where ${organizations.published} and ${organizations.country} = ${countries.code})`,
        )
        .orderBy(asc(countries.name));
    },

    /** Every published profile for the sitemap, oldest id order does not matter to crawlers. */
    publishedForSitemap() {
      return db
        .select({ id: organizations.id, updatedAt: organizations.updatedAt })
        .from(organizations)
        .where(sql`${organizations.published}`)
        .orderBy(asc(organizations.id));
    },
  };
}
export type OrganizationRepository = ReturnType<typeof createOrganizationRepository>;
