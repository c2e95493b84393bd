import { and, asc, count, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';

/** A row the relay has given up on, as `email failed` lists it. */
export interface FailedEmail {
  id: number;
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  failedAt: Date;
}

/** One key for the whole product: one process at a time drops sent bodies. */
const SENT_BODIES_LOCK_KEY = 727274006;

/** What an operator sees and does of the outbox: the backlog, failed emails, old bodies. */
export function createOutboxOperations(db: Database) {
  /** A failed email tried afresh, in the caller's transaction. False when it has not failed. */
  async function resendIn(executor: Database, id: number): Promise<boolean> {
    const rows = await executor
      .update(emailOutbox)
      .set({ failedAt: null, attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(and(eq(emailOutbox.id, id), isNotNull(emailOutbox.failedAt)))
      .returning({ id: emailOutbox.id });
    return rows.length > 0;
  }

  return {
    /** Emails still to be sent: due now or waiting to be tried again (failed ones not). */
    async countUnsent(): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(emailOutbox)
        .where(and(isNull(emailOutbox.sentAt), isNull(emailOutbox.failedAt)));
      return row?.count ?? 0;
    },

    /** Emails given up on, waiting for an operator's resend. */
    async countFailed(): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(emailOutbox)
        .where(isNotNull(emailOutbox.failedAt));
      return row?.count ?? 0;
    },

    async listFailed(): Promise<FailedEmail[]> {
      const rows = await db
        .select({
          id: emailOutbox.id,
          to: emailOutbox.recipient,
          subject: emailOutbox.subject,
          attempts: emailOutbox.attempts,
          lastError: emailOutbox.lastError,
          failedAt: emailOutbox.failedAt,
        })
        .from(emailOutbox)
        .where(isNotNull(emailOutbox.failedAt))
        .orderBy(asc(emailOutbox.id));
      // Every row here has failed_at (the where clause).
      return rows.map((row) => ({ ...row, failedAt: row.failedAt as Date }));
    },

    /** Puts a failed email back to be sent now, with a fresh count of attempts; false if none. */
    resend: (id: number) => resendIn(db, id),

    resendIn,

    /**
     * Drops the body (text and html, with their links) of up to `limit` emails sent more than
     * `days` ago, on the database's clock. Null when another process is doing it.
     */
    dropSentBodies(days: number, limit: number): Promise<number | null> {
      return db.transaction(async (tx) => {
        const lock = (await tx.execute(
          sql`select pg_try_advisory_xact_lock(${SENT_BODIES_LOCK_KEY}) as locked`,
        )) as unknown as { rows: { locked: boolean }[] };
        if (!lock.rows[0]?.locked) return null;
        const old = tx
          .select({ id: emailOutbox.id })
          .from(emailOutbox)
          .where(
            and(
              isNotNull(emailOutbox.sentAt),
              isNotNull(emailOutbox.text),
              lte(emailOutbox.sentAt, sql`now() - make_interval(days => ${days})`),
            ),
          )
          .limit(limit);
        const dropped = await tx
          .update(emailOutbox)
          .set({ text: null, html: null })
          .where(inArray(emailOutbox.id, old))
          .returning({ id: emailOutbox.id });
        return dropped.length;
      });
    },
  };
}
