import { count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { offsetOf, pageOf } from '../../db/console-reads.ts';
import { emailOutbox } from '../../db/schema.ts';

/** The outbox as the operator console lists it and finds an email to send again (ADR 028). */
export function createOutboxConsoleQueries(db: Database) {
  return {
    async emails(query: { status: 'recent' | 'failed'; page: number }) {
      const where = query.status === 'failed' ? isNotNull(emailOutbox.failedAt) : undefined;
      return pageOf(
        db
          .select({
            id: emailOutbox.id,
            to: emailOutbox.recipient,
            subject: emailOutbox.subject,
            sentAt: emailOutbox.sentAt,
            failedAt: emailOutbox.failedAt,
            attempts: emailOutbox.attempts,
            lastError: emailOutbox.lastError,
            createdAt: emailOutbox.createdAt,
            kept: sql<boolean>`${emailOutbox.text} is not null`,
          })
          .from(emailOutbox)
          .where(where)
          .orderBy(desc(emailOutbox.id))
          .limit(ADMIN_PAGE_SIZE)
          .offset(offsetOf(query.page)),
        db.select({ total: count() }).from(emailOutbox).where(where),
      );
    },

    async email(executor: Database, id: number) {
      const [row] = await executor.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      return row ?? null;
    },
  };
}
