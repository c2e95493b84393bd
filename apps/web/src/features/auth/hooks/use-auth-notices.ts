import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { authErrorCodes, messageForAuthErrorCode } from '@si/contracts';
import { ApiError } from '../../../lib/api-client';
import { clearSessionLostMessage, readSessionLostMessage } from '../../../lib/session-lost-message';

/** An error shown on the sign-in and sign-up screens: the message and, when known, its code. */
export interface AuthError {
  message: string;
  code?: string | undefined;
}

/** Errors that also offer 'Sign in with password' and 'Reset password' (docs/product.md#sign-in-sign-up-and-password-reset). */
export const recoverableCodes: ReadonlySet<string> = new Set([
  authErrorCodes.emailInUse,
  authErrorCodes.differentCredential,
  authErrorCodes.socialEmailHasPassword,
]);

export function toAuthError(error: unknown): AuthError {
  if (error instanceof ApiError) return { message: error.message, code: error.code };
  if (error instanceof Error && error.message) return { message: error.message };
  return { message: messageForAuthErrorCode('') };
}

/** The session-lost message waiting in session storage: shown once, then removed. */
export function useAuthExpiryMessage(): string | null {
  const [message] = useState(readSessionLostMessage);
  useEffect(() => {
    if (message) clearSessionLostMessage();
  }, [message]);
  return message;
}

/**
 * The error a social sign-in came back with (/login?error=CODE&provider=id), as the product's
 * message; the query is then removed from the address, keeping the navigation state.
 */
export function useSocialSignInError(): AuthError | null {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const [error] = useState<AuthError | null>(() => {
    const code = searchParams.get('error');
    if (!code) return null;
    return {
      code,
      message: messageForAuthErrorCode(code, searchParams.get('provider') ?? undefined),
    };
  });
  const hasErrorQuery = searchParams.has('error');
  useEffect(() => {
    if (!hasErrorQuery) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('error');
        next.delete('provider');
        return next;
      },
      { replace: true, state: location.state },
    );
  }, [hasErrorQuery, setSearchParams, location.state]);
  return error;
}
