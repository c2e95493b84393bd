import { createHash, randomBytes } from 'node:crypto';
import { newsletterErrorCodes, newsletterTexts, type UnsubscribeError } from '@si/contracts';
import type { OutboxRepository } from '../../adapters/email/outbox-repository.ts';
import { newsletterConfirmationEmail, type EmailFooter } from '../../adapters/email/templates.ts';
import { newsletterWelcomeEmail } from '../../adapters/email/newsletter-welcome-email.ts';
import type { UnsubscribeTokens } from '../../adapters/email/unsubscribe-tokens.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { NewsletterRepository } from './repository.ts';
import { newsletterUnsubscribeUrl } from './unsubscribe-link.ts';

/**
 * A pending address asked for again gets a new link, but not more often than this: the box
 * cannot be used to flood someone's inbox from many client addresses.
 */
const RESEND_AFTER_MS = 15 * 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface NewsletterServiceOptions {
  db: Database;
  repository: NewsletterRepository;
  outbox: OutboxRepository;
  tokens: UnsubscribeTokens;
  publicUrl: string;
  emailFooter: EmailFooter;
  onEmailQueued: () => void;
}

/** The newsletter's double opt-in and its one-click way out (ADR 033). */
export function createNewsletterService(options: NewsletterServiceOptions) {
  const { db, repository, outbox } = options;

  return {
    /**
     * A new address is kept pending and sent a link; a pending one is sent a new link (at most
     * every 15 minutes); a confirmed one is sent nothing. The caller answers the same each time.
     */
    async subscribe(email: string): Promise<void> {
      const token = randomBytes(32).toString('base64url');
      const tokenHash = hashOf(token);
      const queued = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        let id = await repository.addPending(tx, email, tokenHash);
        if (!id) {
          const existing = await repository.lockByEmail(tx, email);
          if (!existing || existing.confirmedAt) return false;
          if (Date.now() - existing.confirmationSentAt.getTime() < RESEND_AFTER_MS) return false;
          await repository.renewLink(tx, existing.id, tokenHash);
          id = existing.id;
        }
        await outbox.enqueueFor(
          tx,
          { newsletterSubscriberId: id },
          newsletterConfirmationEmail({
            to: email,
            confirmUrl: `${options.publicUrl}/newsletter/confirm?token=${token}`,
            ...options.emailFooter,
          }),
        );
        return true;
      });
      if (queued) options.onEmailQueued();
    },

    /**
     * The emailed link: a pending address becomes a subscriber, once, within its 7 days, and is
     * sent the welcome email with its way out, queued in the confirmation's transaction.
     */
    async confirm(token: string): Promise<void> {
      const outcome = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const confirmed = await repository.confirm(tx, hashOf(token));
        if (typeof confirmed === 'string') return confirmed;
        await outbox.enqueueFor(
          tx,
          { newsletterSubscriberId: confirmed.id },
          newsletterWelcomeEmail({
            to: confirmed.email,
            directoryUrl: `${options.publicUrl}/`,
            unsubscribeUrl: newsletterUnsubscribeUrl(
              options.publicUrl,
              options.tokens,
              confirmed.id,
            ),
            ...options.emailFooter,
          }),
        );
        return 'confirmed' as const;
      });
      if (outcome === 'expired') {
        throw new AppError(410, newsletterErrorCodes.linkExpired, newsletterTexts.linkExpired);
      }
      if (outcome === 'invalid') {
        throw new AppError(404, newsletterErrorCodes.linkInvalid, newsletterTexts.linkInvalid);
      }
      options.onEmailQueued();
    },

    /**
     * The digest's one-click unsubscribe: the address is removed, with its emails. A forged
     * token changes nothing ('invalid'); a real one whose address is gone is 'used'.
     */
    async unsubscribe(subscriberId: string, token: string): Promise<'done' | UnsubscribeError> {
      if (!UUID.test(subscriberId) || !options.tokens.matches(subscriberId, token)) {
        return 'invalid';
      }
      return (await repository.remove(db, subscriberId)) ? 'done' : 'used';
    },
  };
}
export type NewsletterService = ReturnType<typeof createNewsletterService>;
