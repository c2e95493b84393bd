import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { websiteDomain } from '@si/contracts';
import type { StorageBackend } from '../../adapters/storage/storage.ts';
import type { Database } from '../client.ts';
import {
  organizationCategories,
  organizationMembers,
  organizationMilestones,
  organizationRoles,
  organizations,
  shareCardQueue,
} from '../schema.ts';
import { demoOrganizations } from './demo/organizations.ts';
import { hueForName, renderDemoBanner, renderDemoLogo } from './demo/images.ts';
import { demoMilestoneRows } from './demo/milestones.ts';
import { demoRoleRows } from './demo/roles.ts';
import { demoSupportLinks } from './demo/support-links.ts';

/** The owner of demo profiles: no person signs in as it. */
export const DEMO_OWNER_ID = 'demo-owner';

export async function hasOrganizations(db: Database): Promise<boolean> {
  const result = (await db.execute(
    sql`select exists (select 1 from ${organizations}) as present`,
  )) as unknown as {
    rows: { present: boolean }[];
  };
  return result.rows[0]?.present === true;
}

/**
 * Writes the demo directory: about sixty published profiles with logos and banners that the
 * server draws itself, stored where uploads are (DATA_DIR/uploads/demo, or the bucket). About a
 * third have open roles (a few closed or expired, as their owners see them), about a third
 * milestones, and some ways to support (ADR 042); the roles' dates count from today. Images
 * are written first; if the database write fails they are removed, so a failed seed leaves
 * nothing behind.
 */
export async function seedDemoData(
  db: Database,
  storage: Pick<StorageBackend, 'put' | 'remove'>,
): Promise<number> {
  const written: string[] = [];
  const now = Date.now();
  const rows = await Promise.all(
    demoOrganizations.map(async (demo, index) => {
      const id = randomUUID();
      const hue = hueForName(demo.name);
      // About one in six has no logo, so the initial avatar shows up in the demo too.
      const withLogo = index % 6 !== 5;
      const [logo, banner] = await Promise.all([
        withLogo ? renderDemoLogo(demo.name, hue) : null,
        renderDemoBanner(demo.name, hue),
      ]);
      const logoKey = `demo/${id}-logo.webp`;
      const bannerKey = `demo/${id}-banner.webp`;
      if (logo) {
        await storage.put(logoKey, logo, 'image/webp');
        written.push(logoKey);
      }
      await storage.put(bannerKey, banner, 'image/webp');
      written.push(bannerKey);
      const createdAt = new Date(now - (demoOrganizations.length - index) * 36 * 60 * 60 * 1000);
      return {
        id,
        demo,
        logo: logo ? `/uploads/${logoKey}` : null,
        banner: `/uploads/${bannerKey}`,
        createdAt,
        index,
      };
    }),
  );
  try {
    await db.transaction(async (tx) => {
      await tx.insert(organizations).values(
        rows.map(({ id, demo, logo, banner, createdAt, index }) => ({
          id,
          name: demo.name,
          description: demo.description,
          logo,
          bannerImage: banner,
          country: demo.country,
          location: demo.location,
          foundedYear: demo.foundedYear,
          websiteUrl: demo.websiteUrl,
          linkedinUrl: demo.linkedinUrl,
          twitterUrl: demo.twitterUrl,
          blogUrl: demo.blogUrl,
          ...demoSupportLinks(demo, index),
          createdBy: DEMO_OWNER_ID,
          paymentStatus: 'paid' as const,
          subscriptionType: index % 3 === 0 ? ('yearly' as const) : ('monthly' as const),
          published: true,
          categoryIds: demo.categoryIds,
          // A few carry the Verified badge (ADR 032), so a new directory shows it and its filter.
          ...(index % 4 === 1 && websiteDomain(demo.websiteUrl)
            ? { verifiedDomain: websiteDomain(demo.websiteUrl), verifiedAt: createdAt }
            : {}),
          createdAt,
          updatedAt: createdAt,
        })),
      );
      await tx.insert(organizationMembers).values(
        rows.map(({ id }) => ({
          organizationId: id,
          userId: DEMO_OWNER_ID,
          role: 'owner' as const,
        })),
      );
      await tx.insert(organizationCategories).values(
        rows.flatMap(({ id, demo }) =>
          demo.categoryIds.map((categoryId, sortOrder) => ({
            organizationId: id,
            categoryId,
            sortOrder,
            detail: demo.categoriesDetails[categoryId] ?? null,
          })),
        ),
      );
      await tx
        .insert(organizationRoles)
        .values(rows.flatMap(({ id, demo }) => demoRoleRows(demo, id, now)));
      await tx
        .insert(organizationMilestones)
        .values(rows.flatMap(({ id, demo }) => demoMilestoneRows(demo.name, id)));
      // Their share cards are drawn on their first fetch, as bulk-seeded ones are (ADR 026).
      await tx.delete(shareCardQueue).where(
        inArray(
          shareCardQueue.organizationId,
          rows.map(({ id }) => id),
        ),
      );
    });
  } catch (error) {
    await Promise.allSettled(written.map((key) => storage.remove(key)));
    throw error;
  }
  return rows.length;
}
