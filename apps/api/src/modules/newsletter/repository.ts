import { and, asc, count, desc, eq, ilike, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, NEWSLETTER_CONFIRMATION_DAYS } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { newsletterDigests, newsletterSettings, newsletterSubscribers } from '../../db/schema.ts';

export type DigestRow = typeof newsletterDigests.$inferSelect;

/** A pending address's link is good while its last confirmation email is this recent. */
const stillValid = sql`${newsletterSubscribers.confirmationSentAt} > now() - make_interval(days => ${NEWSLETTER_CONFIRMATION_DAYS})`;

const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export function createNewsletterRepository(db: Database) {
  return {
    /** Adds a pending address; null when the address is there already (nothing changed). */
    async addPending(tx: Database, email: string, tokenHash: string): Promise<string | null> {
      const [row] = await tx
        .insert(newsletterSubscribers)
        .values({ email, confirmTokenHash: tokenHash })
        .onConflictDoNothing()
        .returning({ id: newsletterSubscribers.id });
      return row?.id ?? null;
    },

    /** The address's row, locked for the caller's transaction. */
    async lockByEmail(tx: Database, email: string) {
      const [row] = await tx
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email))
        .for('update');
      return row ?? null;
    },

    /** A pending address gets a new link: the old one stops working. */
    async renewLink(tx: Database, id: string, tokenHash: string): Promise<void> {
      await tx
        .update(newsletterSubscribers)
        .set({ confirmTokenHash: tokenHash, confirmationSentAt: sql`now()` })
        .where(and(eq(newsletterSubscribers.id, id), isNull(newsletterSubscribers.confirmedAt)));
    },

    /**
     * Confirms the address of a link still valid, once: its token is forgotten. In the caller's
     * transaction, so that what the confirmation sends is queued with it.
     */
    async confirm(
      tx: Database,
      tokenHash: string,
    ): Promise<{ id: string; email: string } | 'expired' | 'invalid'> {
      const [confirmed] = await tx
        .update(newsletterSubscribers)
        .set({ confirmedAt: sql`now()`, confirmTokenHash: null })
        .where(
          and(
            eq(newsletterSubscribers.confirmTokenHash, tokenHash),
            isNull(newsletterSubscribers.confirmedAt),
            stillValid,
          ),
        )
        .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email });
      if (confirmed) return confirmed;
      const [expired] = await tx
        .select({ id: newsletterSubscribers.id })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.confirmTokenHash, tokenHash));
      return expired ? 'expired' : 'invalid';
    },

    /** Removes an address and, with it, its emails and deliveries; false when it was gone. */
    async remove(executor: Database, id: string): Promise<{ email: string } | null> {
      const [row] = await executor
        .delete(newsletterSubscribers)
        .where(eq(newsletterSubscribers.id, id))
        .returning({ email: newsletterSubscribers.email });
      return row ?? null;
    },

    /** Pending addresses whose last confirmation email is older than the link's life. */
    async removeExpired(now: Date): Promise<number> {
      const cutoff = new Date(now.getTime() - NEWSLETTER_CONFIRMATION_DAYS * 86_400_000);
      const rows = await db
        .delete(newsletterSubscribers)
        .where(
          and(
            isNull(newsletterSubscribers.confirmedAt),
            lt(newsletterSubscribers.confirmationSentAt, cutoff),
          ),
        )
        .returning({ id: newsletterSubscribers.id });
      return rows.length;
    },

    async counts(): Promise<{ confirmed: number; pending: number }> {
      const [row] = await db
        .select({
          confirmed: count(newsletterSubscribers.confirmedAt),
          total: count(),
        })
        .from(newsletterSubscribers);
      return { confirmed: row!.confirmed, pending: row!.total - row!.confirmed };
    },

    async page(query: { q?: string; page: number }) {
      const where = query.q ? ilike(newsletterSubscribers.email, containing(query.q)) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(newsletterSubscribers)
          .where(where)
          .orderBy(desc(newsletterSubscribers.createdAt), asc(newsletterSubscribers.email))
          .limit(ADMIN_PAGE_SIZE)
          .offset((query.page - 1) * ADMIN_PAGE_SIZE),
        db.select({ total: count() }).from(newsletterSubscribers).where(where),
      ]);
      return { rows, total: total!.total };
    },

    async confirmedSubscribers() {
      return db
        .select({
          email: newsletterSubscribers.email,
          createdAt: newsletterSubscribers.createdAt,
          confirmedAt: newsletterSubscribers.confirmedAt,
        })
        .from(newsletterSubscribers)
        .where(isNotNull(newsletterSubscribers.confirmedAt))
        .orderBy(asc(newsletterSubscribers.confirmedAt), asc(newsletterSubscribers.email));
    },

    async digestLine(): Promise<string> {
      const [row] = await db
        .select({ line: newsletterSettings.digestLine })
        .from(newsletterSettings);
      return row?.line ?? '';
    },

    async setDigestLine(executor: Database, line: string): Promise<void> {
      await executor
        .insert(newsletterSettings)
        .values({ id: 1, digestLine: line })
        .onConflictDoUpdate({
          target: newsletterSettings.id,
          set: { digestLine: line, updatedAt: sql`now()` },
        });
    },

    /** The newest month's digest with how its emails fared (those of removed addresses gone). */
    async lastDigest() {
      const [digest] = await db
        .select()
        .from(newsletterDigests)
        .orderBy(desc(newsletterDigests.month))
        .limit(1);
      if (!digest) return null;
      const result = (await db.execute(sql`
        select
          count(*) filter (where o.sent_at is not null)::int as sent,
          count(*) filter (where o.failed_at is not null)::int as failed,
          count(*) filter (where o.sent_at is null and o.failed_at is null)::int as waiting
        from newsletter_deliveries d
        join email_outbox o on o.id = d.outbox_id
        where d.month = ${digest.month}::date`)) as unknown as {
        rows: { sent: number; failed: number; waiting: number }[];
      };
      return { ...digest, ...result.rows[0]! };
    },
  };
}
export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
