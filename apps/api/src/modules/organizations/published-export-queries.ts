import { and, asc, gt, inArray, sql } from 'drizzle-orm';
import type { Organization } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { organizationCategories, organizations } from '../../db/schema.ts';
import { toOrganization } from './mapper.ts';
import { organizationColumns, type OrganizationCategoryRow } from './organization-rows.ts';

/** The operators' bulk export of published profiles (ADR 054), read a page at a time. */
export function createPublishedExportQueries(db: Database) {
  return {
    /**
     * Published profiles in id order after `afterId`, each as GET /api/organizations/:id
     * answers it: a keyset page, so an export never holds more than one page.
     */
    async publishedProfilesAfter(afterId: string | null, limit: number): Promise<Organization[]> {
      const published = sql`${organizations.published}`;
      const rows = await db
        .select(organizationColumns)
        .from(organizations)
        .where(afterId ? and(published, gt(organizations.id, afterId)) : published)
        .orderBy(asc(organizations.id))
        .limit(limit);
      if (rows.length === 0) return [];
      const links = await db
        .select()
        .from(organizationCategories)
        .where(
          inArray(
            organizationCategories.organizationId,
            rows.map((row) => row.id),
          ),
        );
      const linksOf = new Map<string, OrganizationCategoryRow[]>();
      for (const link of links) {
        linksOf.set(link.organizationId, [...(linksOf.get(link.organizationId) ?? []), link]);
      }
      return rows.map((row) => toOrganization(row, linksOf.get(row.id) ?? []));
    },
  };
}
