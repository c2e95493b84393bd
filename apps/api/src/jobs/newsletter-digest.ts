import type { FastifyBaseLogger } from 'fastify';
import type { OutboxRepository } from '../adapters/email/outbox-repository.ts';
import { newsletterDigestEmail, type EmailFooter } from '../adapters/email/templates.ts';
import type { UnsubscribeTokens } from '../adapters/email/unsubscribe-tokens.ts';
import type { Database } from '../db/client.ts';
import type { DigestRepository, NewOrganization } from '../modules/newsletter/digest-repository.ts';
import type { NewsletterRepository } from '../modules/newsletter/repository.ts';
import type { PeriodicJob } from './scheduler.ts';

/** The digest of a month goes out in the next month's first days only, like the summaries. */
const SENDING_DAYS = 7;
const BATCH = 100;
/** An organization's line in the digest: its description's start. */
const LINE_MAX = 140;

const monthName = (start: Date) =>
  start.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function oneLine(description: string): string {
  const flat = description.replace(/\s+/g, ' ').trim();
  const sentence = flat.match(/^.+?[.!?](?=\s|$)/)?.[0] ?? flat;
  return sentence.length <= LINE_MAX ? sentence : `${sentence.slice(0, LINE_MAX - 1).trimEnd()}…`;
}

/**
 * Queues last month's digest to every confirmed subscriber, a batch of 100 to a transaction:
 * each subscriber's delivery row (one per subscriber and month) is written in the transaction
 * that queues their email, so however many processes run it, and wherever one stopped, each
 * gets the month's digest once (ADR 033). Nothing goes out for a month that published nobody.
 */
export function newsletterDigestJob(options: {
  db: Database;
  digests: DigestRepository;
  newsletter: NewsletterRepository;
  outbox: OutboxRepository;
  tokens: UnsubscribeTokens;
  publicUrl: string;
  emailFooter: EmailFooter;
  onEmailQueued: () => void;
  logger: FastifyBaseLogger;
}): PeriodicJob & { runAt(now: Date): Promise<number> } {
  const { db, digests, outbox, tokens, publicUrl } = options;
  const itemOf = (organization: NewOrganization) => ({
    name: organization.name,
    line: oneLine(organization.description),
    url: `${publicUrl}/organizations/${encodeURIComponent(organization.id)}`,
  });

  const runAt = async (now: Date) => {
    if (now.getUTCDate() > SENDING_DAYS) return 0;
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const organizations = await digests.newOrganizations(monthStart, monthEnd);
    const digest = await digests.start(
      monthStart.toISOString().slice(0, 10),
      await options.newsletter.digestLine(),
      organizations.length,
    );
    if (digest.finishedAt) return 0;
    let queued = 0;
    if (organizations.length > 0) {
      const items = organizations.map(itemOf);
      for (;;) {
        const batch = await db.transaction(async (transaction) => {
          const tx = transaction as unknown as Database;
          const batch = await digests.claim(tx, digest, BATCH);
          for (const subscriber of batch.claimed) {
            const email = newsletterDigestEmail({
              to: subscriber.email,
              month: monthName(monthStart),
              line: digest.digestLine,
              organizations: items,
              directoryUrl: `${publicUrl}/`,
              unsubscribeUrl: `${publicUrl}/api/newsletter/unsubscribe?subscriber=${subscriber.id}&token=${tokens.tokenOf(subscriber.id)}`,
              ...options.emailFooter,
            });
            const outboxId = await outbox.enqueueFor(
              tx,
              { newsletterSubscriberId: subscriber.id },
              email,
            );
            await digests.delivered(tx, digest.month, subscriber.id, outboxId);
          }
          await digests.addQueued(tx, digest.month, batch.claimed.length);
          return batch;
        });
        queued += batch.claimed.length;
        if (batch.claimed.length > 0) options.onEmailQueued();
        if (batch.seen < BATCH) break;
      }
    }
    // A month that published nobody is done at once: there is nothing to tell.
    await digests.finish(digest, { whenNobodyDue: organizations.length > 0 });
    if (queued > 0)
      options.logger.info({ queued, month: digest.month }, 'newsletter digest queued');
    return queued;
  };
  return { name: 'newsletter-digest', run: () => runAt(new Date()), runAt };
}
