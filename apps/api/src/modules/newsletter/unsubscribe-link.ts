import type { UnsubscribeTokens } from '../../adapters/email/unsubscribe-tokens.ts';

/** The one-click link of every newsletter email to a subscriber: the welcome and each digest. */
export const newsletterUnsubscribeUrl = (
  publicUrl: string,
  tokens: UnsubscribeTokens,
  subscriberId: string,
) =>
  `${publicUrl}/api/newsletter/unsubscribe?subscriber=${subscriberId}&token=${tokens.tokenOf(subscriberId)}`;
