import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizationCategories, organizationMembers, organizations } from '../../db/schema.ts';
import { organizationColumns } from './organization-rows.ts';

/** What a share card shows: its columns, and the category ids in the profile's order. */
const shareCardColumns = {
  id: organizations.id,
  published: organizations.published,
  name: organizations.name,
  location: organizations.location,
  country: organizations.country,
  logo: organizations.logo,
  bannerImage: organizations.bannerImage,
  categoryIds: sql<string[]>`array(
    select ${organizationCategories.categoryId} from ${organizationCategories}
    where ${organizationCategories.organizationId} = ${organizations.id}
    order by ${organizationCategories.sortOrder}, ${organizationCategories.categoryId})`,
};

/** One organization's profile, or an owner's, as pages, share cards and the dashboard read it. */
export function createProfileQueries(db: Database) {
  // Every profile page and share card reads an organization by id: built and planned once.
  const byIdQuery = db
    .select(organizationColumns)
    .from(organizations)
    .where(eq(organizations.id, sql.placeholder('id')))
    .prepare('organization_by_id');
  const linksQuery = db
    .select()
    .from(organizationCategories)
    .where(eq(organizationCategories.organizationId, sql.placeholder('id')))
    .prepare('organization_links_by_id');
  const shareCardQuery = db
    .select(shareCardColumns)
    .from(organizations)
    .where(eq(organizations.id, sql.placeholder('id')))
    .prepare('share_card_row');
  return {
    /** One organization in any state, with its category links (owners and the service). */
    async findById(id: string) {
      const [row] = await byIdQuery.execute({ id });
      if (!row) return null;
      const links = await linksQuery.execute({ id });
      return { row, links };
    },

    /**
     * What the share cards of `ids` show, in one query: the columns a card shows and the
     * category links in the profile's order. Read through `tx` when given: the upload sweep
     * asks inside its transaction (ADR 026). One card, asked on every share image request, is
     * a prepared statement.
     */
    async shareCardRows(ids: string[], tx: Database = db) {
      if (ids.length === 0) return [];
      const rows =
        ids.length === 1 && tx === db
          ? await shareCardQuery.execute({ id: ids[0] })
          : await tx
              .select(shareCardColumns)
              .from(organizations)
              .where(inArray(organizations.id, ids));
      return rows.map(({ categoryIds, ...row }) => ({
        row,
        links: categoryIds.map((categoryId, sortOrder) => ({ categoryId, sortOrder })),
      }));
    },

    /** Every organization a user is a member of, with their role, published or not, newest first. */
    async findMemberOf(userId: string) {
      const rows = await db
        .select({ ...organizationColumns, myRole: organizationMembers.role })
        .from(organizations)
        .innerJoin(organizationMembers, eq(organizationMembers.organizationId, organizations.id))
        .where(eq(organizationMembers.userId, userId))
        .orderBy(desc(organizations.createdAt));
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
      return rows.map(({ myRole, ...row }) => ({
        row,
        myRole,
        links: links.filter((link) => link.organizationId === row.id),
      }));
    },
  };
}
