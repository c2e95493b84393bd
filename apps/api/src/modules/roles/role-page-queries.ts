import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizationRoles, organizations } from '../../db/schema.ts';
import { openOn, type RoleRow } from './repository.ts';

/** A role as its public page needs it, with what its organization is now. */
export interface RolePageRow {
  role: RoleRow;
  /** Whether the organization is published: a role of one that is not is gone (410). */
  published: boolean;
  /** The transaction that last wrote the organization's row: every role write touches it. */
  organizationVersion: string;
}

/** What the role pages (pages/role-pages.ts) and the sitemap read of the roles. */
export function createRolePageQueries(db: Database) {
  const openAndPublished = (today: string) => and(openOn(today), sql`${organizations.published}`);
  return {
    /** One role of the organization, in any state, and its organization; null when neither is. */
    async find(organizationId: string, roleId: string): Promise<RolePageRow | null> {
      const [row] = await db
        .select({
          role: organizationRoles,
          published: sql<boolean>`${organizations.published}`,
          organizationVersion: sql<string>`${organizations}.xmin::text`,
        })
        .from(organizationRoles)
        .innerJoin(organizations, eq(organizations.id, organizationRoles.organizationId))
        .where(
          and(
            eq(organizationRoles.organizationId, organizationId),
            eq(organizationRoles.id, roleId),
          ),
        );
      return row ?? null;
    },

    /** How many role pages the sitemap lists on `today`: open roles of published organizations. */
    async countOpen(today: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(organizationRoles)
        .innerJoin(organizations, eq(organizations.id, organizationRoles.organizationId))
        .where(openAndPublished(today));
      return Number(row?.count ?? 0);
    },

    /** A slice of those roles in a stable order, for one sitemap file. */
    openForSitemap(today: string, offset: number, limit: number) {
      return db
        .select({
          id: organizationRoles.id,
          organizationId: organizationRoles.organizationId,
          updatedAt: organizationRoles.updatedAt,
        })
        .from(organizationRoles)
        .innerJoin(organizations, eq(organizations.id, organizationRoles.organizationId))
        .where(openAndPublished(today))
        .orderBy(asc(organizationRoles.id))
        .offset(offset)
        .limit(limit);
    },
  };
}
export type RolePageQueries = ReturnType<typeof createRolePageQueries>;
