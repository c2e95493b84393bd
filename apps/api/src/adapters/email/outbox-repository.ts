import { and, asc, count, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';
import type { EmailMessage } from './message.ts';

export interface OutboxEntry extends EmailMessage {
  id: number;
  attempts: number;
}

/** Whom an email belongs to: it is deleted with them (a user, or a newsletter address). */
export type EmailOwner = { userId: string } | { newsletterSubscriberId: string };

/** A row the relay has given up on, as `email failed` lists it. */
export interface FailedEmail {
  id: number;
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  failedAt: Date;
}

/** How long a relay may hold a claimed email before another relay may take it. */
const CLAIM_LEASE_SECONDS = 120;
/** One key for the whole product: one process at a time drops sent bodies. */
const SENT_BODIES_LOCK_KEY = 727274006;

export function createOutboxRepository(db: Database) {
  /** A failed email tried afresh, in the caller's transaction. False when it has not failed. */
  async function resendIn(executor: Database, id: number): Promise<boolean> {
    const rows = await executor
      .update(emailOutbox)
      .set({ failedAt: null, attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(and(eq(emailOutbox.id, id), isNotNull(emailOutbox.failedAt)))
      .returning({ id: emailOutbox.id });
    return rows.length > 0;
  }

  /** Stores emails for their owners in one statement, in the caller's transaction; their ids. */
  async function enqueueMany(
    executor: Database,
    emails: { owner: EmailOwner; message: EmailMessage }[],
  ): Promise<number[]> {
    if (emails.length === 0) return [];
    const rows = await executor
      .insert(emailOutbox)
      .values(
        emails.map(({ owner, message }) => ({
          userId: null,
          newsletterSubscriberId: null,
          ...owner,
          recipient: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers ?? null,
        })),
      )
      .returning({ id: emailOutbox.id });
    return rows.map((row) => row.id);
  }

  /** Stores an email for its owner, in the caller's transaction; its outbox id. */
  async function enqueueFor(
    executor: Database,
    owner: EmailOwner,
    message: EmailMessage,
  ): Promise<number> {
    const [id] = await enqueueMany(executor, [{ owner, message }]);
    return id!;
  }

  return {
    /**
     * Stores an email for the user it is for (it goes when they are deleted); pass the
     * transaction of the change that causes it.
     */
    async enqueue(executor: Database, userId: string, message: EmailMessage): Promise<void> {
      await enqueueFor(executor, { userId }, message);
    },

    enqueueFor,
    enqueueMany,

    /** Emails not sent yet, due or waiting for a retry: the backlog an operator watches. */
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
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
