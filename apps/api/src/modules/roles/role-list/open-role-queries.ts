import { and, asc, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { organizationRoles, organizations } from '../../../db/schema.ts';
import type { IndexedRole } from './open-role-index.ts';

const columns = {
  id: organizationRoles.id,
  organizationId: organizationRoles.organizationId,
  organizationName: organizations.name,
  title: organizationRoles.title,
  kind: organizationRoles.kind,
  workplace: organizationRoles.workplace,
  country: organizationRoles.country,
  city: organizationRoles.city,
  remoteCountries: organizationRoles.remoteCountries,
  postedAt: sql<string>`to_char(${organizationRoles.postedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  closesOn: organizationRoles.closesOn,
  categoryIds: organizations.categoryIds,
  // The words a visitor's text is matched against, split as the directory's search column is.
  lexemes: sql<
    string[]
  >`tsvector_to_array(to_tsvector('simple', ${organizationRoles.title} || ' ' || ${organizations.name}))`,
};

/**
 * Roles of published organizations neither closed nor held, and not closed before yesterday
 * (UTC): the index keeps those not yet past for its own today, so a clock a day apart from the
 * database's still reads what it needs (as directory-queries.ts reads closing dates).
 */
const mayBeOpen: SQL = and(
  sql`${organizations.published}`,
  sql`${organizationRoles.closedAt} is null`,
  sql`${organizationRoles.heldAt} is null`,
  sql`${organizationRoles.closesOn} >= (now() at time zone 'utc')::date - 1`,
)!;

/** What the list of open roles reads (its OpenRoleSource, with the directory's version). */
export function createOpenRoleQueries(db: Database) {
  const select = () =>
    db
      .select(columns)
      .from(organizationRoles)
      .innerJoin(organizations, sql`${organizations.id} = ${organizationRoles.organizationId}`);
  return {
    openRolesAfter(afterId: string | null, limit: number): Promise<IndexedRole[]> {
      return select()
        .where(afterId ? and(mayBeOpen, gt(organizationRoles.id, afterId)) : mayBeOpen)
        .orderBy(asc(organizationRoles.id))
        .limit(limit);
    },

    openRolesOf(organizationIds: string[]): Promise<IndexedRole[]> {
      return select().where(
        and(mayBeOpen, inArray(organizationRoles.organizationId, organizationIds)),
      );
    },
  };
}
