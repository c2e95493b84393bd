import { and, asc, count, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';
import type { EmailMessage } from './message.ts';

export interface OutboxEntry extends EmailMessage {
  id: number;
  attempts: number;
}

/** How long a relay may hold a claimed email before another relay may take it. */
const CLAIM_LEASE_SECONDS = 120;

export function createOutboxRepository(db: Database) {
  return {
    /** Stores an email; pass the transaction of the change that causes it. */
    async enqueue(executor: Database, message: EmailMessage): Promise<void> {
      await executor.insert(emailOutbox).values({
        recipient: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },

    /** Emails not sent yet, due or waiting for a retry: the backlog an operator watches. */
    async countUnsent(): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(emailOutbox)
        .where(isNull(emailOutbox.sentAt));
      return row?.count ?? 0;
    },

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
      return rows.map((row) => ({
        id: row.id,
        attempts: row.attempts,
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        html: row.html,
      }));
    },

    async markSent(id: number): Promise<void> {
      await db
        .update(emailOutbox)
        .set({ sentAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(eq(emailOutbox.id, id));
    },

    async markFailed(id: number, error: string, retryInMs: number): Promise<void> {
      await db
        .update(emailOutbox)
        .set({
          nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})`,
          lockedUntil: null,
          lastError: error.slice(0, 1000),
        })
        .where(eq(emailOutbox.id, id));
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
