import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  newsletterSubscribers,
  organizationCategories,
  organizationMembers,
  organizations,
  organizationsOnlyOwnedBy,
  rateLimitHits,
  sessions,
  users,
  verifications,
} from '../../db/schema.ts';
import { personIn, recordActivity } from '../activity/recording.ts';
import { verificationIdentifier } from './token-queries.ts';

const GUEST_PURGE_LOCK_KEY = 727274002;

/** Users and what they own, removed: idle guests, a guest's data moved on, a deleted account. */
export function createRemovalQueries(db: Database) {
  return {
    /**
     * Deletes guests created before `cutoff` with no session used since and no membership of an
     * organization (ADR 047).
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
              and not exists (select 1 from ${organizationMembers} m where m.user_id = u.id)
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

    /**
     * What a guest had becomes the linked account's: the organizations it created, and its
     * memberships. Where both were members, the account keeps one membership, an owner's if
     * either was one.
     */
    async moveGuestData(executor: Database, guestId: string, userId: string): Promise<void> {
      await executor
        .update(organizations)
        .set({ createdBy: userId, updatedAt: new Date() })
        .where(eq(organizations.createdBy, guestId));
      const guestOwns = executor
        .select({ id: organizationMembers.organizationId })
        .from(organizationMembers)
        .where(and(eq(organizationMembers.userId, guestId), eq(organizationMembers.role, 'owner')));
      await executor
        .update(organizationMembers)
        .set({ role: 'owner' })
        .where(
          and(
            eq(organizationMembers.userId, userId),
            inArray(organizationMembers.organizationId, guestOwns),
          ),
        );
      const accountIsIn = executor
        .select({ id: organizationMembers.organizationId })
        .from(organizationMembers)
        .where(eq(organizationMembers.userId, userId));
      await executor
        .delete(organizationMembers)
        .where(
          and(
            eq(organizationMembers.userId, guestId),
            inArray(organizationMembers.organizationId, accountIsIn),
          ),
        );
      await executor
        .update(organizationMembers)
        .set({ userId })
        .where(eq(organizationMembers.userId, guestId));
    },

    /** The organizations deleting the account would delete: those it is the only owner of. */
    organizationsDeletedWith(userId: string) {
      return db
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(inArray(organizations.id, organizationsOnlyOwnedBy(userId)))
        .orderBy(organizations.name, organizations.id);
    },

    /**
     * Deletes the user with everything they own, in one transaction: the organizations they are
     * the only owner of (with their category links), their memberships of the others (which
     * stay, run by their other owners: ADR 047), tokens, sessions and sign-in methods. Returns
     * the image URLs the deleted organizations used, for the caller to remove once the
     * transaction has committed.
     */
    deleteUserWithData(userId: string): Promise<{ deleted: boolean; imageUrls: string[] }> {
      return db.transaction(async (tx) => {
        // The organizations' rows are locked first, in one order, as every write to them does:
        // an image upload racing the deletion waits, and its file is in the answer below.
        const memberOf = await tx
          .select({ id: organizations.id })
          .from(organizations)
          .where(
            inArray(
              organizations.id,
              tx
                .select({ id: organizationMembers.organizationId })
                .from(organizationMembers)
                .where(eq(organizationMembers.userId, userId)),
            ),
          )
          .orderBy(organizations.id)
          .for('update');
        // Decided under the locks: an owner added or removed meanwhile has waited or counts.
        const owned = memberOf.length
          ? await tx
              .select({ id: organizations.id })
              .from(organizations)
              .where(inArray(organizations.id, organizationsOnlyOwnedBy(userId)))
          : [];
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
        const left = await tx
          .delete(organizationMembers)
          .where(eq(organizationMembers.userId, userId))
          .returning({
            organizationId: organizationMembers.organizationId,
            role: organizationMembers.role,
          });
        // Each organization that stays records that the member left with their account (ADR 048).
        if (left.length > 0) {
          const { name, email } = await personIn(tx as unknown as Database, userId);
          for (const membership of left) {
            await recordActivity(
              tx as unknown as Database,
              membership.organizationId,
              { id: userId, name, email },
              'member-left',
              { role: membership.role, accountDeleted: true },
            );
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
