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
 * Queues each owner's summary of last month, one per organization and month however many
 * processes run the job: the row that says it was sent is written in the transaction that
 * queues the email (ADR 031).
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
      for (const owner of due) {
        const [current, previous] = await Promise.all([
          repository.totalsBetween(owner.organizationId, month, isoDay(monthEnd)),
          repository.totalsBetween(owner.organizationId, isoDay(previousStart), month),
        ]);
        const count = (metric: string) => current.get(metric) ?? 0;
        const id = encodeURIComponent(owner.organizationId);
        const email = insightsSummaryEmail({
          to: owner.email,
          organizationName: owner.name,
          month: monthName(monthStart),
          previousMonth: monthName(previousStart).split(' ')[0]!,
          views: count('views'),
          previousViews: previous.get('views') ?? 0,
          impressions: count('impressions'),
          clicks: outboundLinks.reduce((sum, link) => sum + count(`click_${link}`), 0),
          shares: count('shares'),
          insightsUrl: `${publicUrl}/dashboard/organizations/${id}/insights`,
          unsubscribeUrl: `${publicUrl}/api/insights/unsubscribe?organization=${id}&token=${tokens.tokenOf(owner.organizationId)}`,
          ...options.emailFooter,
        });
        const sent = await db.transaction(async (tx) => {
          if (!(await repository.claimSummary(tx, owner.organizationId, month))) return false;
          await outbox.enqueue(tx, owner.ownerId, email);
          return true;
        });
        if (sent) queued += 1;
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
