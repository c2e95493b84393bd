import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizationCategories, organizations } from '../../db/schema.ts';
import { recordActivity, type ActivityActor } from '../activity/recording.ts';
import type { ImageTarget } from './organization-rows.ts';

/** An organization's images (logo, banner, a category's) pointed at stored files. */
export function createImageWrites(db: Database) {
  return {
    /**
     * Points one of the organization's images at `url` (null removes it), recorded in the
     * activity as `actor`'s, and returns the URL it replaced; undefined when the organization, or the category link, does not exist. Images
     * do not move the version: an upload in the editor must not make its own save stale.
     */
    setImage(id: string, target: ImageTarget, url: string | null, actor: ActivityActor) {
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        // Removing an image that is not there changes nothing, and records nothing.
        const record = (previousUrl: string | null) =>
          previousUrl === url
            ? Promise.resolve()
            : recordActivity(tx, id, actor, 'image-changed', {
                image: target.kind,
                removed: url === null,
              });
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
          await record(link.imageUrl);
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
        await record(target.kind === 'logo' ? current.logo : current.bannerImage);
        return { previousUrl: target.kind === 'logo' ? current.logo : current.bannerImage };
      });
    },
  };
}
