import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  newsletterSubscribers,
  organizationCategories,
  organizations,
  rateLimitHits,
  sessions,
  users,
  verifications,
} from '../../db/schema.ts';
import { verificationIdentifier } from './token-queries.ts';

const GUEST_PURGE_LOCK_KEY = 727274002;

/** Users and what they own, removed: idle guests, a guest's data moved on, a deleted account. */
export function createRemovalQueries(db: Database) {
  return {
    /**
     * Deletes guests created before `cutoff` with no session used since and nothing they own.
     * A transaction-level advisory lock lets one process do it while the others skip; returns
     * null when another process holds the lock.
     */
    purgeIdleGuests(cutoff: Date, batchSize: number): Promise<number | null> {
      return db.transaction(async (tx) => {
        const lock = (await tx.execute(
          sql`select pg_try_advisory_xact_lock(${GUEST_PURGE_LOCK_KEY}) as locked`,
        )) as unknown as { rows: { locked: boolean }[] };
        if (!lock.rows[0]?.locked) return null;
        const removed = (await tx.execute(sql`
          delete from ${users} where ${users.id} in (
            select u.id from ${users} u
            where u.is_anonymous and u.created_at < ${cutoff}
              and not exists (
                select 1 from ${sessions} s where s.user_id = u.id and s.updated_at >= ${cutoff})
              and not exists (select 1 from ${organizations} o where o.created_by = u.id)
            order by u.created_at
            limit ${batchSize})
          returning ${users.id}`)) as unknown as { rows: { id: string }[] };
        // Expired sessions and tokens, and finished rate-limit windows, are no use to anyone.
        await tx.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
        await tx.delete(verifications).where(lt(verifications.expiresAt, sql`now()`));
        await tx.delete(rateLimitHits).where(lt(rateLimitHits.resetAt, sql`now()`));
        return removed.rows.length;
      });
    },

    /** What a guest owned becomes the linked account's. */
    async moveGuestData(executor: Database, guestId: string, userId: string): Promise<void> {
      await executor
        .update(organizations)
        .set({ createdBy: userId, updatedAt: new Date() })
        .where(eq(organizations.createdBy, guestId));
    },

    /**
     * Deletes the user with everything they own, in one transaction: organizations (with their
     * category links), tokens, sessions and sign-in methods. Returns the image URLs the deleted
     * organizations used, for the caller to remove once the transaction has committed.
     */
    deleteUserWithData(userId: string): Promise<{ deleted: boolean; imageUrls: string[] }> {
      return db.transaction(async (tx) => {
        // The organizations' rows are locked first, in one order, as every write to them does:
        // an image upload racing the deletion waits, and its file is in the answer below.
        const owned = await tx
          .select({ id: organizations.id })
          .from(organizations)
          .where(eq(organizations.createdBy, userId))
          .orderBy(organizations.id)
          .for('update');
        const ids = owned.map((row) => row.id);
        const imageUrls: string[] = [];
        if (ids.length > 0) {
          const links = await tx
            .delete(organizationCategories)
            .where(inArray(organizationCategories.organizationId, ids))
            .returning({ imageUrl: organizationCategories.imageUrl });
          const rows = await tx
            .delete(organizations)
            .where(inArray(organizations.id, ids))
            .returning({ logo: organizations.logo, bannerImage: organizations.bannerImage });
          for (const url of [
            ...rows.flatMap((row) => [row.logo, row.bannerImage]),
            ...links.map((link) => link.imageUrl),
          ]) {
            if (url) imageUrls.push(url);
          }
        }
        await tx
          .delete(verifications)
          .where(eq(verifications.identifier, verificationIdentifier(userId)));
        // The account's address leaves the newsletter with it (ADR 033), its emails with it.
        await tx
          .delete(newsletterSubscribers)
          .where(
            eq(
              newsletterSubscribers.email,
              sql`(select lower(${users.email}) from ${users} where ${users.id} = ${userId})`,
            ),
          );
        const deleted = await tx
          .delete(users)
          .where(eq(users.id, userId))
          .returning({ id: users.id });
        return { deleted: deleted.length > 0, imageUrls };
      });
    },
  };
}
