import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';
import type { EmailMessage } from './message.ts';

export interface OutboxEntry extends EmailMessage {
  id: number;
  attempts: number;
}

/** How long a relay may hold a claimed email before another relay may take it. */
const CLAIM_LEASE_SECONDS = 120;

/** The relay's side of the outbox: due emails claimed, then sent, retried or given up on. */
export function createOutboxDelivery(db: Database) {
  return {
    /**
     * Takes up to `limit` due emails for this relay. A lease (not a lock held while sending)
     * keeps two relays off the same email without a transaction open during SMTP.
     */
    async claimDue(limit: number): Promise<OutboxEntry[]> {
      // The database's clock, as for the lease and the backoff: one clock for every process.
      const now = sql`now()`;
      const due = db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(
          and(
            isNull(emailOutbox.sentAt),
            isNull(emailOutbox.failedAt),
            lte(emailOutbox.nextAttemptAt, now),
            or(isNull(emailOutbox.lockedUntil), lte(emailOutbox.lockedUntil, now)),
          ),
        )
        .orderBy(asc(emailOutbox.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(emailOutbox)
        .set({
          lockedUntil: sql`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})`,
          attempts: sql`${emailOutbox.attempts} + 1`,
        })
        .where(inArray(emailOutbox.id, due))
        .returning();
      // Only a sent email loses its body, so an unsent one always has it.
      return rows.map((row) => ({
        id: row.id,
        attempts: row.attempts,
        to: row.recipient,
        subject: row.subject,
        text: row.text ?? '',
        html: row.html ?? '',
        ...(row.headers ? { headers: row.headers } : {}),
      }));
    },

    async markSent(id: number): Promise<void> {
      await db
        .update(emailOutbox)
        .set({ sentAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(eq(emailOutbox.id, id));
    },

    async retryLater(id: number, error: string, retryInMs: number): Promise<void> {
      await db
        .update(emailOutbox)
        .set({
          nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})`,
          lockedUntil: null,
          lastError: error.slice(0, 1000),
        })
        .where(eq(emailOutbox.id, id));
    },

    /** The relay stops trying: the email waits for an operator's `email resend`. */
    async giveUp(id: number, error: string): Promise<void> {
      await db
        .update(emailOutbox)
        .set({ failedAt: sql`now()`, lockedUntil: null, lastError: error.slice(0, 1000) })
        .where(eq(emailOutbox.id, id));
    },
  };
}
