import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a list email's one-click unsubscribe link: an HMAC of the list's name and the
 * reader's id under the server's secret, so the link works without signing in and cannot be made
 * for another reader or another list. It never expires: an old email's link still works.
 */
export function unsubscribeTokens(secret: string, list: string) {
  const tokenOf = (id: string) =>
    createHmac('sha256', secret).update(`${list}:${id.toLowerCase()}`).digest('base64url');
  return {
    tokenOf,
    matches(id: string, token: string): boolean {
      const expected = Buffer.from(tokenOf(id));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;
