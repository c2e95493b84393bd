import {
  INVITATION_TTL_DAYS,
  errorCodes,
  invitationTexts as texts,
  type MemberRole,
} from '@si/contracts';
import type { OutboxRepository } from '../../adapters/email/outbox-repository.ts';
import { invitationEmail, type EmailFooter } from '../../adapters/email/templates.ts';
import type { WindowCounters } from '../../adapters/rate-limit/window-counters.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { linkTokenHash, newLinkToken } from '../../identity/link-tokens.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface InvitationMailOptions {
  outbox: Pick<OutboxRepository, 'enqueue'>;
  publicUrl: string;
  emailFooter: EmailFooter;
  onEmailQueued: () => void;
  counters: WindowCounters;
  /** Per window: invitations (new or sent again) by one owner, and to one address. */
  limits: { enabled: boolean; windowMs: number; perOwner: number; perAddress: number };
  now: () => Date;
}

/** What one sending of an invitation needs: its link's token, and its email. */
export function createInvitationSending(options: InvitationMailOptions) {
  const { outbox, counters, limits } = options;

  async function count(key: string, max: number, message: string) {
    if (!limits.enabled) return;
    const { hits } = await counters.hit(key, limits.windowMs);
    if (hits > max) throw new AppError(429, errorCodes.rateLimited, message);
  }

  return {
    /**
     * Counts one sending against the owner's and the address's limits (429 past either): the
     * owner first, so one owner's burst cannot use up an address's allowance for others.
     */
    async countSending(ownerId: string, email: string) {
      await count(`invitation:${ownerId}`, limits.perOwner, texts.tooManyByOwner);
      await count(`invitation-address:${email}`, limits.perAddress, texts.tooManyToAddress);
    },

    /** A new link: its token (for the email only), what is stored of it, and its 7 days. */
    newLink() {
      const token = newLinkToken();
      const sentAt = options.now();
      return {
        token,
        tokenHash: linkTokenHash(token),
        sentAt,
        expiresAt: new Date(sentAt.getTime() + INVITATION_TTL_DAYS * DAY_MS),
      };
    },

    /** Queues the invitation's email in the caller's transaction; it belongs to the sender. */
    async queue(
      tx: Database,
      senderId: string,
      email: {
        to: string;
        token: string;
        organizationName: string;
        role: MemberRole;
        inviterName: string;
      },
    ) {
      const url = new URL(`/invitations/${email.token}`, options.publicUrl).href;
      await outbox.enqueue(
        tx,
        senderId,
        invitationEmail({ ...email, url, ...options.emailFooter }),
      );
    },

    queued: () => options.onEmailQueued(),
  };
}
export type InvitationSending = ReturnType<typeof createInvitationSending>;
