import { and, asc, desc, eq, getTableColumns, gt, inArray, notInArray, sql } from 'drizzle-orm';
import { websiteDomain } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import {
  directoryChanges,
  directoryState,
  organizationCategories,
  organizations,
  verificationColumn,
} from '../../db/schema.ts';
import type { IndexedOrganization } from './directory/index.ts';
import type { Freshness } from './freshness-reads.ts';

/**
 * An organization as it is read: every column but the search vector, which only the directory
 * index reads (as lexemes) and which is the largest value of the row.
 */
export type OrganizationRow = Omit<typeof organizations.$inferSelect, 'search'>;
const { search: _search, ...organizationColumns } = getTableColumns(organizations);
export type OrganizationCategoryRow = typeof organizationCategories.$inferSelect;

/** A chosen category as stored: its place in the profile and the owner's words about it. */
export interface CategoryChoice {
  categoryId: string;
  sortOrder: number;
  detail: string | null;
}

export interface NewOrganization {
  name: string;
  description: string;
  country: string;
  createdBy: string;
  categories: CategoryChoice[];
}

export interface OrganizationChanges {
  name: string;
  description: string;
  country: string;
  location: string;
  foundedYear: number | null;
  websiteUrl: string | null;
  linkedinUrl: string | null;
  twitterUrl: string | null;
  blogUrl: string | null;
  categories: CategoryChoice[];
}

export type ImageTarget =
  { kind: 'logo' } | { kind: 'banner' } | { kind: 'category'; categoryId: string };

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
};

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

export function createOrganizationRepository(db: Database) {
  const versionQuery = db
    .select({ version: directoryState.version })
    .from(directoryState)
    .prepare('directory_version');
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

    /** How many organizations are published (the sitemap's size). */
    async countPublished(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(organizations)
        .where(sql`${organizations.published}`);
      return Number(row?.count ?? 0);
    },

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

    /** A new organization with its categories, in one transaction. */
    create(input: NewOrganization) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(organizations)
          .values({
            name: input.name,
            description: input.description,
            country: input.country,
            createdBy: input.createdBy,
            categoryIds: input.categories.map((category) => category.categoryId),
          })
          .returning();
        const links =
          input.categories.length === 0
            ? []
            : await tx
                .insert(organizationCategories)
                .values(
                  input.categories.map((category) => ({ ...category, organizationId: row!.id })),
                )
                .returning();
        return { row: row!, links };
      });
    },

    /**
     * Saves the editable profile if it is still at `version`, in one transaction: the row, then
     * the category links (a kept category keeps its image). Returns null when the version moved
     * on (or the organization is gone), and the images of the categories that were dropped.
     */
    update(id: string, version: number, input: OrganizationChanges) {
      return db.transaction(async (tx) => {
        const { categories, ...fields } = input;
        const [row] = await tx
          .update(organizations)
          .set({
            ...fields,
            categoryIds: categories.map((category) => category.categoryId),
            // The badge stays only while the website is on the domain it proved (ADR 032).
            verifiedDomain: sql`case when ${organizations.verifiedDomain} = ${websiteDomain(fields.websiteUrl)} then ${organizations.verifiedDomain} end`,
            verifiedAt: sql`case when ${organizations.verifiedDomain} = ${websiteDomain(fields.websiteUrl)} then ${organizations.verifiedAt} end`,
            version: sql`${organizations.version} + 1`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(organizations.id, id), eq(organizations.version, version)))
          .returning();
        if (!row) return null;
        const kept = categories.map((category) => category.categoryId);
        const dropped = await tx
          .delete(organizationCategories)
          .where(
            and(
              eq(organizationCategories.organizationId, id),
              kept.length > 0 ? notInArray(organizationCategories.categoryId, kept) : sql`true`,
            ),
          )
          .returning({ imageUrl: organizationCategories.imageUrl });
        const links =
          categories.length === 0
            ? []
            : await tx
                .insert(organizationCategories)
                .values(categories.map((category) => ({ ...category, organizationId: id })))
                .onConflictDoUpdate({
                  target: [
                    organizationCategories.organizationId,
                    organizationCategories.categoryId,
                  ],
                  set: {
                    sortOrder: sql`excluded.sort_order`,
                    detail: sql`excluded.detail`,
                  },
                })
                .returning();
        return {
          row,
          links,
          droppedImageUrls: dropped.flatMap((link) => (link.imageUrl ? [link.imageUrl] : [])),
        };
      });
    },

    /** Deletes the organization and its links; returns the image URLs it used, or null if gone. */
    delete(id: string) {
      return db.transaction(async (tx) => {
        // The organization's row is locked first, as every write to it does: no deadlock.
        await tx
          .select({ id: organizations.id })
          .from(organizations)
          .where(eq(organizations.id, id))
          .for('update');
        const links = await tx
          .delete(organizationCategories)
          .where(eq(organizationCategories.organizationId, id))
          .returning({ imageUrl: organizationCategories.imageUrl });
        const [row] = await tx
          .delete(organizations)
          .where(eq(organizations.id, id))
          .returning({ logo: organizations.logo, bannerImage: organizations.bannerImage });
        if (!row) return null;
        return [row.logo, row.bannerImage, ...links.map((link) => link.imageUrl)].filter(
          (url): url is string => Boolean(url),
        );
      });
    },

    /**
     * Points one of the organization's images at `url` (null removes it) and returns the URL it
     * replaced; undefined when the organization, or the category link, does not exist. Images
     * do not move the version: an upload in the editor must not make its own save stale.
     */
    setImage(id: string, target: ImageTarget, url: string | null) {
      return db.transaction(async (tx) => {
        // The organization's row is locked first, as every write to it does: no deadlock.
        const [current] = await tx
          .select({ logo: organizations.logo, bannerImage: organizations.bannerImage })
          .from(organizations)
          .where(eq(organizations.id, id))
          .for('update');
        if (!current) return undefined;
        if (target.kind === 'category') {
          const [link] = await tx
            .select({ imageUrl: organizationCategories.imageUrl })
            .from(organizationCategories)
            .where(
              and(
                eq(organizationCategories.organizationId, id),
                eq(organizationCategories.categoryId, target.categoryId),
              ),
            );
          if (!link) return undefined;
          await tx
            .update(organizationCategories)
            .set({ imageUrl: url })
            .where(
              and(
                eq(organizationCategories.organizationId, id),
                eq(organizationCategories.categoryId, target.categoryId),
              ),
            );
          await tx
            .update(organizations)
            .set({ updatedAt: sql`now()` })
            .where(eq(organizations.id, id));
          return { previousUrl: link.imageUrl };
        }
        await tx
          .update(organizations)
          .set(
            target.kind === 'logo'
              ? { logo: url, updatedAt: sql`now()` }
              : { bannerImage: url, updatedAt: sql`now()` },
          )
          .where(eq(organizations.id, id));
        return { previousUrl: target.kind === 'logo' ? current.logo : current.bannerImage };
      });
    },

    /** Every organization a user created, published or not, newest first. */
    async findOwnedBy(userId: string) {
      const rows = await db
        .select(organizationColumns)
        .from(organizations)
        .where(eq(organizations.createdBy, userId))
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
      return rows.map((row) => ({
        row,
        links: links.filter((link) => link.organizationId === row.id),
      }));
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
export type OrganizationRepository = ReturnType<typeof createOrganizationRepository>;
