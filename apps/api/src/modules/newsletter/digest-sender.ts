import { digestErrorCodes, digestTexts, newsletterTexts } from '@si/contracts';
import type { OutboxRepository } from '../../adapters/email/outbox-repository.ts';
import { newsletterDigestEmail, type EmailFooter } from '../../adapters/email/templates.ts';
import type { UnsubscribeTokens } from '../../adapters/email/unsubscribe-tokens.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { DigestRepository, NewOrganization } from './digest-repository.ts';
import type { DigestRow, NewsletterRepository } from './repository.ts';
import { newsletterUnsubscribeUrl } from './unsubscribe-link.ts';

/** The digest of a month goes out by itself in the next month's first days only. */
export const SENDING_DAYS = 7;
const BATCH = 100;
/** An organization's line in the digest: its description's start. */
const LINE_MAX = 140;

const monthKey = (start: Date) => start.toISOString().slice(0, 10);
const monthStartOf = (key: string) => new Date(`${key}T00:00:00Z`);
const addMonths = (start: Date, months: number) =>
  new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 1));
const monthName = (start: Date) =>
  start.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayName = (at: Date) =>
  at.toLocaleDateString('en-US', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

function oneLine(description: string): string {
  const flat = description.replace(/\s+/g, ' ').trim();
  const sentence = flat.match(/^.+?[.!?](?=\s|$)/)?.[0] ?? flat;
  return sentence.length <= LINE_MAX ? sentence : `${sentence.slice(0, LINE_MAX - 1).trimEnd()}…`;
}

/** Why a month's digest that exists cannot be sent again. */
function alreadySent(digest: DigestRow) {
  const month = monthName(monthStartOf(digest.month));
  return {
    code: digestErrorCodes.alreadySent,
    message: digest.finishedAt
      ? digestTexts.alreadySent(month, dayName(digest.startedAt))
      : digestTexts.sending(month),
  };
}

export interface DigestSenderOptions {
  db: Database;
  digests: DigestRepository;
  newsletter: NewsletterRepository;
  outbox: OutboxRepository;
  tokens: UnsubscribeTokens;
  publicUrl: string;
  emailFooter: EmailFooter;
  onEmailQueued: () => void;
}

/**
 * The monthly digest, for the job and for an operator's "send now" (ADR 033, ADR 037). A
 * month's digest is one row, whoever starts it, so it goes out once: started by the job in the
 * next month's first days, it holds the month; started early by an operator, it holds the month
 * until then, and the next month's digest starts where it ended.
 */
export function createDigestSender(options: DigestSenderOptions) {
  const { db, digests, outbox, tokens, publicUrl } = options;

  /** A digest's time: from the previous month's digest's, until `until` or the month's end. */
  async function period(monthStart: Date, until: Date): Promise<[from: Date, to: Date]> {
    const monthEnd = addMonths(monthStart, 1);
    const previous = await digests.get(monthKey(addMonths(monthStart, -1)));
    const from = previous && previous.startedAt < monthStart ? previous.startedAt : monthStart;
    return [from, until < monthEnd ? until : monthEnd];
  }

  /** First published in the digest's time (`period`). */
  async function contents(monthStart: Date, until: Date): Promise<NewOrganization[]> {
    return digests.newOrganizations(...(await period(monthStart, until)));
  }

  /**
   * Queues the digest to every confirmed subscriber not sent it yet, a batch of 100 to a
   * transaction, each subscriber's delivery row written with their email (ADR 033).
   */
  async function queue(digest: DigestRow, organizations: NewOrganization[]): Promise<number> {
    let queued = 0;
    if (organizations.length > 0) {
      const items = organizations.map((organization) => ({
        name: organization.name,
        line: oneLine(organization.description),
        url: `${publicUrl}/organizations/${encodeURIComponent(organization.id)}`,
      }));
      const month = monthName(monthStartOf(digest.month));
      const roles = await digests.newRoles(
        ...(await period(monthStartOf(digest.month), digest.startedAt)),
      );
      for (;;) {
        const batch = await db.transaction(async (transaction) => {
          const tx = transaction as unknown as Database;
          const batch = await digests.claim(tx, digest, BATCH);
          for (const subscriber of batch.claimed) {
            const email = newsletterDigestEmail({
              to: subscriber.email,
              month,
              line: digest.digestLine,
              organizations: items,
              roles: { ...roles, url: `${publicUrl}/roles` },
              directoryUrl: `${publicUrl}/`,
              unsubscribeUrl: newsletterUnsubscribeUrl(publicUrl, tokens, subscriber.id),
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
    // A digest with nobody in it is done at once: there is nothing to tell.
    await digests.finish(digest, { whenNobodyDue: organizations.length > 0 });
    return queued;
  }

  /**
   * The digest an operator would send now: in the first days, last month's while the job has not
   * started it and it has news; otherwise this month's.
   */
  async function nextMonth(now: Date): Promise<Date> {
    const current = addMonths(now, 0);
    const previous = addMonths(now, -1);
    const pending =
      now.getUTCDate() <= SENDING_DAYS &&
      !(await digests.get(monthKey(previous))) &&
      (await contents(previous, now)).length > 0;
    return pending ? previous : current;
  }

  async function preview(now: Date) {
    const monthStart = await nextMonth(now);
    const month = monthKey(monthStart);
    const existing = await digests.get(month);
    const organizations = await contents(monthStart, existing?.startedAt ?? now);
    const name = monthName(monthStart);
    return {
      month,
      subject: newsletterTexts.digestSubject(name),
      line: existing?.digestLine ?? (await options.newsletter.digestLine()),
      organizations,
      recipients: existing ? existing.queued : await digests.dueCount(month, now),
      refusal: existing
        ? alreadySent(existing)
        : organizations.length === 0
          ? { code: digestErrorCodes.nothingNew, message: digestTexts.nothingNew(name) }
          : null,
    };
  }

  return {
    /** The job's run: starts the month's digest when nobody has, or goes on with it. */
    async run(monthStart: Date, now: Date): Promise<{ month: string; queued: number }> {
      const month = monthKey(monthStart);
      let digest = await digests.get(month);
      if (digest?.finishedAt) return { month, queued: 0 };
      if (!digest) {
        const organizations = await contents(monthStart, now);
        digest =
          (await digests.startIfNew(db, {
            month,
            digestLine: await options.newsletter.digestLine(),
            organizations: organizations.length,
            startedAt: now,
          })) ?? (await digests.get(month))!;
      }
      return { month, queued: await queue(digest, await contents(monthStart, digest.startedAt)) };
    },

    /** What the next digest would hold, to whom, and whether it can be sent now. */
    async preview(now: Date) {
      const next = await preview(now);
      return {
        ...next,
        organizations: next.organizations.map(({ id, name, description }) => ({
          id,
          name,
          line: oneLine(description),
        })),
        refusal: next.refusal?.message ?? null,
      };
    },

    /**
     * Sends the next digest now, as its month's one: refused (409) when that month's went out
     * already or holds nobody. `started` runs in the transaction that claims the month (the
     * audit log's entry).
     */
    async sendNow(now: Date, started: (tx: Database, digest: DigestRow) => Promise<unknown>) {
      const next = await preview(now);
      if (next.refusal) throw new AppError(409, next.refusal.code, next.refusal.message);
      const digest = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const row = await digests.startIfNew(tx, {
          month: next.month,
          digestLine: next.line,
          organizations: next.organizations.length,
          startedAt: now,
        });
        if (row) await started(tx, row);
        return row;
      });
      if (!digest) {
        // Another operator, or the job, started it in between.
        const { code, message } = alreadySent((await digests.get(next.month))!);
        throw new AppError(409, code, message);
      }
      const queued = await queue(digest, next.organizations);
      return { month: next.month, organizations: next.organizations.length, queued };
    },

    monthName: (month: string) => monthName(monthStartOf(month)),
  };
}
export type DigestSender = ReturnType<typeof createDigestSender>;
