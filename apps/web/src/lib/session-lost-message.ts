import { sessionMessages } from '@si/contracts';

/** docs/product.md#sessions-and-requests-in-the-browser: the session-lost message waits in session storage under this key for /login. */
export const AUTH_EXPIRY_KEY = 'auth-expiry';

/**
 * Stores the product's session-lost message for /login (shown there once): 'expired' after a
 * registered user's session, 'login required' otherwise.
 */
export function storeSessionLostMessage(hadPermanentUser: boolean): void {
  try {
    sessionStorage.setItem(
      AUTH_EXPIRY_KEY,
      hadPermanentUser ? sessionMessages.expired : sessionMessages.loginRequired,
    );
  } catch {
    // Storage disabled: /login then shows no message; the redirect still happens.
  }
}

/** The stored message, if any (read by /login, which removes it once shown). */
export function readSessionLostMessage(): string | null {
  try {
    return sessionStorage.getItem(AUTH_EXPIRY_KEY);
  } catch {
    return null;
  }
}

export function clearSessionLostMessage(): void {
  try {
    sessionStorage.removeItem(AUTH_EXPIRY_KEY);
  } catch {
    // Nothing to remove when storage is disabled.
  }
}
