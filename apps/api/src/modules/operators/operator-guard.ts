import { adminTexts, authErrorCodes, errorCodes, sessionMessages } from '@si/contracts';
import { AppError } from '../../http/errors.ts';
import type { AuthSession } from '../../identity/session.ts';
import type { Actor } from './audit.ts';
import type { OperatorRepository } from './repository.ts';

/** An operator's console needs a sign-in this recent (ADR 028). */
export const OPERATOR_SIGN_IN_MAX_AGE_MS = 12 * 60 * 60 * 1000;

/**
 * The signed-in operator, or the refusal: not signed in (401), not an operator or disabled
 * (403), signed in more than 12 hours ago (401, sign in again). Read from the database on
 * every request, so a grant or revoke counts from the next one.
 */
export function createOperatorGuard(
  repository: Pick<OperatorRepository, 'access'>,
  now: () => Date,
) {
  return async function requireOperator(session: AuthSession | null): Promise<Actor> {
    if (!session) throw new AppError(401, authErrorCodes.noUser, sessionMessages.loginRequired);
    const access = await repository.access(session.user.id);
    if (!access?.operatorSince) {
      throw new AppError(403, errorCodes.forbidden, adminTexts.operatorsOnly);
    }
    if (access.disabledAt)
      throw new AppError(403, errorCodes.forbidden, adminTexts.accountDisabled);
    const signedInAt = new Date(session.session.createdAt).getTime();
    if (now().getTime() - signedInAt > OPERATOR_SIGN_IN_MAX_AGE_MS) {
      throw new AppError(401, errorCodes.signInAgain, adminTexts.signInAgain);
    }
    return { id: session.user.id, email: access.email };
  };
}
