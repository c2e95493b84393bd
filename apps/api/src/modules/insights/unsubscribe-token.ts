import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of an email's one-click unsubscribe link: an HMAC of what it stops (an
 * organization's monthly summary; `purpose` names the kind of email) under the server's secret,
 * so the link works without signing in and cannot be made for anything else. The summary's
 * never expires: an old email's link still stops the emails. A saved search's alert signs its
 * end date with the search (ADR 034).
 */
export function unsubscribeTokens(secret: string, purpose = 'insights-monthly-email') {
  const tokenOf = (subject: string) =>
    createHmac('sha256', secret).update(`${purpose}:${subject.toLowerCase()}`).digest('base64url');
  return {
    tokenOf,
    matches(subject: string, token: string): boolean {
      const expected = Buffer.from(tokenOf(subject));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;
