import type { FastifyBaseLogger } from 'fastify';
import { outboundLinks } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import type { OutboxRepository } from '../../adapters/email/outbox-repository.ts';
import { insightsSummaryEmail, type EmailFooter } from '../../adapters/email/templates.ts';
import type { InsightsRepository } from './repository.ts';
import type { UnsubscribeTokens } from '../../adapters/email/unsubscribe-tokens.ts';
import type { PeriodicJob } from '../../jobs/scheduler.ts';

/** Summaries go out in the first days of a month only: a server started mid-month sends none. */
const SENDING_DAYS = 7;
const BATCH = 100;

const monthName = (start: Date) =>
  start.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Queues last month's summary to each owner of each organization (ADR 051), once per
 * organization and month however many processes run the job: the row that says it was sent is
 * written in the transaction that queues the emails (ADR 031). Answers how many were queued.
 */
export function insightsSummariesJob(options: {
  db: Database;
  repository: InsightsRepository;
  outbox: OutboxRepository;
  tokens: UnsubscribeTokens;
  publicUrl: string;
  emailFooter: EmailFooter;
  onEmailQueued: () => void;
  logger: FastifyBaseLogger;
}): PeriodicJob & { runAt(now: Date): Promise<number> } {
  const { db, repository, outbox, tokens, publicUrl } = options;
  const runAt = async (now: Date) => {
    if (now.getUTCDate() > SENDING_DAYS) return 0;
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const previousStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1));
    const month = isoDay(monthStart);
    let queued = 0;
    let afterId: string | null = null;
    for (;;) {
      const due = await repository.summariesDue(month, afterId, BATCH);
      for (const organization of due) {
        const [current, previous] = await Promise.all([
          repository.totalsBetween(organization.organizationId, month, isoDay(monthEnd)),
          repository.totalsBetween(organization.organizationId, isoDay(previousStart), month),
        ]);
        const count = (metric: string) => current.get(metric) ?? 0;
        const id = encodeURIComponent(organization.organizationId);
        const summaryTo = (to: string) =>
          insightsSummaryEmail({
            to,
            organizationName: organization.name,
            month: monthName(monthStart),
            previousMonth: monthName(previousStart).split(' ')[0]!,
            views: count('views'),
            previousViews: previous.get('views') ?? 0,
            impressions: count('impressions'),
            clicks: outboundLinks.reduce((sum, link) => sum + count(`click_${link}`), 0),
            shares: count('shares'),
            embeds: count('embeds'),
            insightsUrl: `${publicUrl}/dashboard/organizations/${id}/insights`,
            unsubscribeUrl: `${publicUrl}/api/insights/unsubscribe?organization=${id}&token=${tokens.tokenOf(organization.organizationId)}`,
            ...options.emailFooter,
          });
        // Claimed once for the organization; each of its owners is sent the same summary.
        queued += await db.transaction(async (tx) => {
          if (!(await repository.claimSummary(tx, organization.organizationId, month))) return 0;
          const readers = await repository.summaryRecipients(tx, organization.organizationId);
          for (const reader of readers) {
            await outbox.enqueue(tx, reader.userId, summaryTo(reader.email));
          }
          return readers.length;
        });
      }
      if (due.length < BATCH) break;
      afterId = due.at(-1)!.organizationId;
    }
    if (queued > 0) {
      options.onEmailQueued();
      options.logger.info({ queued, month }, 'monthly insights summaries queued');
    }
    return queued;
  };
  return { name: 'insights-summaries', run: () => runAt(new Date()), runAt };
}
