import { authErrorCodes, errorCodes, sessionMessages } from '@si/contracts';
import { AppError } from '../http/errors.ts';
import type { AuthSession } from './session.ts';

/**
 * Who a feature lets in, refused in its own words: without a session (401, 'You need to be
 * logged in…' unless `signedOut` says otherwise); a guest, when `guest` is given (403); an
 * account whose email is not confirmed, when `unverified` is given (403).
 */
export interface CallerRefusals {
  signedOut?: string;
  guest?: string;
  unverified?: string;
}

/** The caller's session if `refusals` let it in; otherwise the refusal. */
export function requireCaller(
  session: AuthSession | null,
  refusals: CallerRefusals = {},
): AuthSession {
  if (!session) {
    throw new AppError(
      401,
      authErrorCodes.noUser,
      refusals.signedOut ?? sessionMessages.loginRequired,
    );
  }
  const { user } = session;
  if (refusals.guest && user.isAnonymous) {
    throw new AppError(403, errorCodes.forbidden, refusals.guest);
  }
  if (refusals.unverified && !user.emailVerified) {
    throw new AppError(403, errorCodes.forbidden, refusals.unverified);
  }
  return session;
}
