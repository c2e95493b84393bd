import { stringify } from 'csv-stringify/sync';
import { adminNewsletterTexts, errorCodes, type AdminNewsletter } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { DigestSender } from '../newsletter/digest-sender.ts';
import type { NewsletterRepository } from '../newsletter/repository.ts';
import type { Actor, AuditedAction } from './audit.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The console's newsletter (ADR 033): counts, the last digest, the digest's line, the addresses.
 * What hands out or changes personal data (the export, a removal), the line and a digest sent
 * now are audited.
 */
export function createNewsletterAdmin(options: {
  db: Database;
  newsletter: NewsletterRepository;
  digests: DigestSender;
  record: (tx: Database, actor: Actor, entry: AuditedAction) => Promise<unknown>;
}) {
  const { db, newsletter, digests, record } = options;
  return {
    async overview(): Promise<AdminNewsletter> {
      const [counts, digestLine, last] = await Promise.all([
        newsletter.counts(),
        newsletter.digestLine(),
        newsletter.lastDigest(),
      ]);
      return {
        ...counts,
        digestLine,
        lastDigest: last && {
          month: last.month,
          startedAt: last.startedAt.toISOString(),
          finishedAt: iso(last.finishedAt),
          organizations: last.organizations,
          queued: last.queued,
          sent: last.sent,
          failed: last.failed,
          waiting: last.waiting,
        },
      };
    },

    /** The next digest: subject, line, organizations, recipients, and whether it can go now. */
    digestPreview: (now = new Date()) => digests.preview(now),

    /** Sends the next digest now, as its month's one (ADR 037); audited. */
    digestSend(actor: Actor, now = new Date()) {
      return digests.sendNow(now, (tx, digest) =>
        record(tx, actor, {
          action: 'newsletter.digest-send',
          targetType: 'newsletter',
          targetId: digest.month,
          targetLabel: digests.monthName(digest.month),
          details: { organizations: digest.organizations },
        }),
      );
    },

    async subscribers(query: { q?: string; page: number }) {
      const { rows, total } = await newsletter.page(query);
      return {
        rows: rows.map((row) => ({
          id: row.id,
          email: row.email,
          state: row.confirmedAt ? ('confirmed' as const) : ('pending' as const),
          subscribedAt: row.createdAt.toISOString(),
          confirmedAt: iso(row.confirmedAt),
        })),
        total,
      };
    },

    /** The confirmed addresses as CSV; the export is in the audit log. */
    async csv(actor: Actor) {
      const subscribers = await newsletter.confirmedSubscribers();
      await record(db, actor, {
        action: 'newsletter.export',
        targetType: 'newsletter',
        targetId: 'subscribers',
        targetLabel: `${subscribers.length} subscribers`,
      });
      // A leading =, +, - or @ is escaped, so an address never runs as a spreadsheet formula.
      return stringify(
        subscribers.map((row) => [
          row.email,
          row.createdAt.toISOString(),
          row.confirmedAt?.toISOString() ?? '',
        ]),
        {
          header: true,
          columns: ['email', 'subscribed_at', 'confirmed_at'],
          escape_formulas: true,
        },
      );
    },

    async setLine(actor: Actor, line: string) {
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        await newsletter.setDigestLine(tx, line);
        await record(tx, actor, {
          action: 'newsletter.line',
          targetType: 'newsletter',
          targetId: 'digest-line',
          targetLabel: line || '(none)',
        });
      });
      return { line };
    },

    /** Removes an address with its emails, as its own unsubscribe does. */
    async remove(actor: Actor, id: string) {
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const removed = await newsletter.remove(tx, id);
        if (!removed) {
          throw new AppError(404, errorCodes.notFound, adminNewsletterTexts.notFound);
        }
        await record(tx, actor, {
          action: 'newsletter.remove',
          targetType: 'newsletter-subscriber',
          targetId: id,
          targetLabel: removed.email,
        });
      });
    },
  };
}
