import type { WindowCounters } from './window-counters.ts';
import { rateLimitedError } from './route-limits.ts';

/** Reset links sent to one email per window: enough for a lost email or two, no more. */
const RESET_LINKS_PER_WINDOW = 3;

export interface PasswordAttemptsOptions {
  /** Checks allowed per account and window before the account's password stops being checked. */
  max: number;
  windowMs: number;
  enabled: boolean;
}

/**
 * Limits the checks of one account's password, whatever address they come from: sign-in,
 * password change, account deletion and any later re-authentication count against the same
 * allowance. An attempt is counted before the password is checked, so a burst of parallel
 * guesses cannot all slip through, and a correct password, or a password reset from the
 * account's email, starts the count again: the owner is never locked out of resetting.
 */
export function createPasswordAttempts(
  counters: WindowCounters,
  { max, windowMs, enabled }: PasswordAttemptsOptions,
) {
  const keyFor = (email: string) => `password:${email.trim().toLowerCase()}`;
  return {
    /** Counts an attempt at the account's password; throws the 429 answer when over the limit. */
    async begin(email: string): Promise<void> {
      if (!enabled) return;
      const { hits } = await counters.hit(keyFor(email), windowMs);
      if (hits > max) throw rateLimitedError();
    },

    /**
     * Whether a new reset link may be sent to this email now. Each new link invalidates the one
     * before, so without this anyone could keep the owner's emailed link dead (and fill the
     * inbox) at the per-address rate. Over the limit the caller answers as usual, sending nothing.
     */
    async mayRequestReset(email: string): Promise<boolean> {
      if (!enabled) return true;
      const { hits } = await counters.hit(`password-reset:${email.trim().toLowerCase()}`, windowMs);
      return hits <= RESET_LINKS_PER_WINDOW;
    },

    /** The password was right, or was reset: the account's count starts again. */
    async succeeded(email: string): Promise<void> {
      if (!enabled) return;
      await counters.clear(keyFor(email));
    },
  };
}
export type PasswordAttempts = ReturnType<typeof createPasswordAttempts>;
