import { apiData } from '../../../lib/api-client';
import type { EmailCredentials } from './sign-in';

/**
 * POST /api/auth/sign-up/email: creates the account and signs it in. A guest's session is
 * upgraded to the new account on the server.
 */
export function signUpWithEmail(credentials: EmailCredentials): Promise<unknown> {
  return apiData('/auth/sign-up/email', {
    method: 'POST',
    body: { ...credentials, name: '' },
    sessionRefresh: false,
  });
}
