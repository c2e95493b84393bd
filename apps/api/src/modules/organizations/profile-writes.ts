import { and, eq, notInArray, sql } from 'drizzle-orm';
import { websiteDomain } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { organizationCategories, organizations } from '../../db/schema.ts';
import type { NewOrganization, OrganizationChanges } from './organization-rows.ts';

/** An organization's profile written: created, saved, deleted. */
export function createProfileWrites(db: Database) {
  return {
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
  };
}
