import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of an organization's one-click unsubscribe link: an HMAC of its id under the
 * server's secret, so the link works without signing in and cannot be made for another
 * organization. It never expires: an old email's link still stops the emails.
 */
export function unsubscribeTokens(secret: string) {
  const tokenOf = (organizationId: string) =>
    createHmac('sha256', secret)
      .update(`insights-monthly-email:${organizationId.toLowerCase()}`)
      .digest('base64url');
  return {
    tokenOf,
    matches(organizationId: string, token: string): boolean {
      const expected = Buffer.from(tokenOf(organizationId));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;
