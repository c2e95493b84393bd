import { z } from 'zod';
import { booleanFlag } from './setting-kinds.ts';

/** Rate limits: per client address, account or profile, per window. */
export const rateLimitSettings = {
  /** off switches every rate limit off, for load and acceptance runs. */
  RATE_LIMITS: booleanFlag.default(true),
  RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(15 * 60_000),
  /** Attempts per client address per window: sign-in, sign-up, password reset, resend. */
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(20),
  /** Guest sessions created per client address per window. */
  RATE_LIMIT_GUEST_MAX: z.coerce.number().int().min(1).default(30),
  /** Newsletter sign-ups per client address per window. */
  RATE_LIMIT_NEWSLETTER_MAX: z.coerce.number().int().min(1).default(10),
  /**
   * Password checks per account and client address per window (sign-in, password change,
   * account deletion); a right password starts that address's count again (ADR 035).
   */
  RATE_LIMIT_ACCOUNT_MAX: z.coerce.number().int().min(1).default(5),
  /**
   * Password checks per account per window from all the addresses it has not signed in from
   * together; its known addresses stay outside this ceiling (ADR 035).
   */
  RATE_LIMIT_ACCOUNT_WIDE_MAX: z.coerce.number().int().min(1).default(100),

  /** Wrong guest codes one user may try per window (RATE_LIMIT_WINDOW_MS). */
  RATE_LIMIT_GUEST_CODE_MAX: z.coerce.number().int().min(1).default(10),
  /** Checkouts one user may start per window (each one calls the payment provider). */
  RATE_LIMIT_CHECKOUT_MAX: z.coerce.number().int().min(1).default(30),
  /** Reports of profiles sent from one client address per window (ADR 029). */
  RATE_LIMIT_REPORT_MAX: z.coerce.number().int().min(1).default(5),
  /** Reports of one profile per window, from every client together (ADR 029). */
  RATE_LIMIT_REPORT_PROFILE_MAX: z.coerce.number().int().min(1).default(10),
  /** Invitations sent (new or again) by one owner per window, all organizations (ADR 049). */
  RATE_LIMIT_INVITATION_MAX: z.coerce.number().int().min(1).default(20),
  /** Invitations sent (new or again) to one address per window, from everyone (ADR 049). */
  RATE_LIMIT_INVITATION_ADDRESS_MAX: z.coerce.number().int().min(1).default(3),
  /**
   * Public API reads (GET, HEAD of public routes) per client address per window, without a key;
   * the server's own page renders are not counted (ADR 055).
   */
  RATE_LIMIT_PUBLIC_API_MAX: z.coerce.number().int().min(1).default(1000),
  /** Public API reads per API key per window, whatever the address (ADR 055). */
  RATE_LIMIT_API_KEY_MAX: z.coerce.number().int().min(1).default(10000),
};
