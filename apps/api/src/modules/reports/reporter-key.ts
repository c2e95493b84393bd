import { createHmac } from 'node:crypto';
import { clientKey } from '../../adapters/rate-limit/client-key.ts';

/** Who is reporting, as the route knows it: the signed-in user (guests too), or only an address. */
export interface Reporter {
  userId: string | null;
  ip: string;
}

/**
 * The key a report is deduplicated and counted by (ADR 029): the user's id when there is a
 * session, otherwise a keyed hash of the client's address (an IPv6 client by its /64, as the
 * rate limits count it). Keyed with the server's secret, so the stored value cannot be turned
 * back into an address by hashing the small space of addresses; the raw address is never stored.
 */
export function reporterKeys(secret: string) {
  const addressKey = (ip: string) =>
    `client:${createHmac('sha256', secret)
      .update(`profile-report:${clientKey(ip)}`)
      .digest('base64url')}`;
  return {
    /** Stored with the report: one open report per key and profile. */
    reporter: ({ userId, ip }: Reporter) => (userId ? `user:${userId}` : addressKey(ip)),
    /** The per-client rate limit's key: the address, hashed like the reporter's. */
    client: ({ ip }: Reporter) => addressKey(ip),
  };
}
export type ReporterKeys = ReturnType<typeof reporterKeys>;
