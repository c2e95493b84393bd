import { apiData } from '../../../lib/api-client';
import { signInAfterGuest } from './get-session';
import type { EmailCredentials } from './sign-in';

/**
 * POST /api/auth/sign-up/email: creates the account and signs it in. A guest's session is
 * upgraded to the new account on the server.
 */
export function signUpWithEmail(credentials: EmailCredentials): Promise<unknown> {
  // A guest on its way is waited for, and then upgraded, rather than overwriting the account.
  return signInAfterGuest(() =>
    apiData('/auth/sign-up/email', {
      method: 'POST',
      body: { ...credentials, name: '' },
      sessionRefresh: false,
    }),
  );
}
