import { authErrorCodes, sessionMessages } from '@si/contracts';
import { AppError } from '../../http/errors.ts';
import type { AuthSession } from '../../identity/session.ts';

/** The caller's session, or 401 in `message`'s words. */
export function requireUser(
  session: AuthSession | null,
  message: string = sessionMessages.loginRequired,
) {
  if (!session) throw new AppError(401, authErrorCodes.noUser, message);
  return session;
}
