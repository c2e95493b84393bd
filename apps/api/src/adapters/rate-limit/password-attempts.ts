import type { WindowCounters } from './window-counters.ts';
import { clientKey } from './client-key.ts';
import { rateLimitedError } from './route-limits.ts';

/** Reset links sent to one email per window: enough for a lost email or two, no more. */
const RESET_LINKS_PER_WINDOW = 3;
/** How long an address the account's password was right from stays one of its own. */
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;

export interface PasswordAttemptsOptions {
  /** Checks allowed per account and client address, since the last right one, per window. */
  max: number;
  /** Checks allowed per account and window from every address it has never signed in from. */
  wideMax: number;
  windowMs: number;
  enabled: boolean;
}

/**
 * Limits the checks of one account's password (ADR 035): sign-in, password change, account
 * deletion and any later re-authentication count against the same allowances.
 *
 * - Per account and client address: `max` checks; past them that address's checks of that
 *   account are answered 429 without the password being looked at, so the guesser there learns
 *   nothing. A right password starts that address's count again; no other address's count
 *   moves, so wrong passwords from one address never refuse the owner's right one from another.
 * - Per account, over the addresses it has never signed in from: `wideMax` checks, the ceiling
 *   for a guesser with many addresses. An address the password was right from (known for 30
 *   days from then) is outside it, so such an attack cannot keep the owner out from their usual places.
 *
 * An attempt is counted before the password is checked, so a burst of parallel guesses cannot
 * all slip through. A password reset from the account's email starts every count again.
 */
export function createPasswordAttempts(
  counters: WindowCounters,
  { max, wideMax, windowMs, enabled }: PasswordAttemptsOptions,
) {
  // Emails never hold a space, so the space ends the account's part of each key.
  const account = (email: string) => email.trim().toLowerCase();
  const pairKey = (email: string, ip: string) => `password:${account(email)} ${clientKey(ip)}`;
  const knownKey = (email: string, ip: string) =>
    `password-known:${account(email)} ${clientKey(ip)}`;
  const wideKey = (email: string) => `password-any:${account(email)}`;
  return {
    /**
     * Counts an attempt at the account's password from the client address `ip`; throws the 429
     * answer when over a limit.
     */
    async begin(email: string, ip: string): Promise<void> {
      if (!enabled) return;
      const pair = await counters.hit(pairKey(email, ip), windowMs);
      if (pair.hits > max) throw rateLimitedError();
      if (await counters.active(knownKey(email, ip))) return;
      const wide = await counters.hit(wideKey(email), windowMs);
      if (wide.hits > wideMax) throw rateLimitedError();
    },

    /**
     * Whether a new reset link may be sent to this email now. Each new link invalidates the one
     * before, so without this anyone could keep the owner's emailed link dead (and fill the
     * inbox) at the per-address rate. Over the limit the caller answers as usual, sending nothing.
     */
    async mayRequestReset(email: string): Promise<boolean> {
      if (!enabled) return true;
      const { hits } = await counters.hit(`password-reset:${account(email)}`, windowMs);
      return hits <= RESET_LINKS_PER_WINDOW;
    },

    /** The password was right from `ip`: its count starts again and it is the owner's. */
    async succeeded(email: string, ip: string): Promise<void> {
      if (!enabled) return;
      await counters.clear(pairKey(email, ip));
      await counters.hit(knownKey(email, ip), KNOWN_ADDRESS_MS);
    },

    /** The password was reset from the account's email: every count starts again. */
    async reset(email: string): Promise<void> {
      if (!enabled) return;
      await counters.clearStartingWith(`password:${account(email)} `);
      await counters.clear(wideKey(email));
    },
  };
}
export type PasswordAttempts = ReturnType<typeof createPasswordAttempts>;
