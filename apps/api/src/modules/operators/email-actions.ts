import { adminEmailTexts, errorCodes } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from './audit.ts';
import type { ConsoleContext, OperatorServiceOptions } from './console-context.ts';

/** The console's outbox: recent or failed emails, and one sent again. */
export function createEmailActions(
  { db, repository, record, emailQueued }: ConsoleContext,
  { outbox }: Pick<OperatorServiceOptions, 'outbox'>,
) {
  return {
    async emails(query: { status: 'recent' | 'failed'; page: number }) {
      const { rows, total } = await repository.emails(query);
      return {
        rows: rows.map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          state: row.failedAt
            ? ('failed' as const)
            : row.sentAt
              ? ('sent' as const)
              : ('queued' as const),
          attempts: row.attempts,
          lastError: row.lastError,
          createdAt: row.createdAt.toISOString(),
          resendable: row.failedAt !== null || (row.sentAt !== null && row.kept),
        })),
        total,
      };
    },

    /**
     * Sends an email again: a failed one is tried afresh; a sent one is queued again as a copy,
     * while its text is still kept.
     */
    async resendEmail(actor: Actor, id: number) {
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const email = await repository.email(tx, id);
        if (!email) throw new AppError(404, errorCodes.notFound, adminEmailTexts.notFound);
        if (email.text === null || email.html === null) {
          throw new AppError(409, errorCodes.staleVersion, adminEmailTexts.bodyDropped);
        }
        if (email.failedAt) await outbox.resendIn(tx, id);
        else if (email.sentAt) {
          await outbox.enqueueFor(
            tx,
            email.userId === null
              ? { newsletterSubscriberId: email.newsletterSubscriberId! }
              : { userId: email.userId },
            {
              to: email.recipient,
              subject: email.subject,
              text: email.text,
              html: email.html,
              ...(email.headers ? { headers: email.headers } : {}),
            },
          );
        }
        await record(tx, actor, {
          action: 'email.resend',
          targetType: 'email',
          targetId: String(id),
          targetLabel: `${email.recipient}: ${email.subject}`,
        });
      });
      emailQueued();
    },
  };
}
