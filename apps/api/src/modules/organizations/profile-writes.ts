import { and, eq, notInArray, sql } from 'drizzle-orm';
import { websiteDomain } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { organizationCategories, organizationMembers, organizations } from '../../db/schema.ts';
import { recordActivity, type ActivityActor } from '../activity/recording.ts';
import {
  organizationColumns,
  type NewOrganization,
  type OrganizationChanges,
} from './organization-rows.ts';
import { changedFields } from './profile-changes.ts';

/** An organization's profile written: created, saved, deleted. */
export function createProfileWrites(db: Database) {
  return {
    /** A new organization with its categories and its creator as its first owner, at once. */
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
        await tx
          .insert(organizationMembers)
          .values({ organizationId: row!.id, userId: input.createdBy, role: 'owner' });
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
     * the category links (a kept category keeps its image), and the fields it changed in the
     * activity (ADR 048). Returns null when the version moved on (or the organization is gone),
     * and the images of the categories that were dropped.
     */
    update(id: string, version: number, input: OrganizationChanges, actor: ActivityActor) {
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const { categories, ...fields } = input;
        // Locked first, as every write to it; read as it was, for the activity's entry.
        const [before] = await tx
          .select(organizationColumns)
          .from(organizations)
          .where(eq(organizations.id, id))
          .for('update');
        if (!before || before.version !== version) return null;
        const beforeCategories = await tx
          .select({
            categoryId: organizationCategories.categoryId,
            sortOrder: organizationCategories.sortOrder,
            detail: organizationCategories.detail,
          })
          .from(organizationCategories)
          .where(eq(organizationCategories.organizationId, id));
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
        const changed = changedFields(before, beforeCategories, input);
        if (changed.length > 0) {
          await recordActivity(tx, id, actor, 'profile-saved', { fields: changed });
        }
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
