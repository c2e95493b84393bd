import { apiData } from '../../../lib/api-client';
import { signInAfterGuest } from './get-session';

export interface EmailCredentials {
  email: string;
  password: string;
}

/** POST /api/auth/sign-in/email: sets the session cookie. 401 here means wrong credentials. */
export function signInWithEmail(credentials: EmailCredentials): Promise<unknown> {
  return signInAfterGuest(() =>
    apiData('/auth/sign-in/email', {
      method: 'POST',
      body: credentials,
      sessionRefresh: false,
    }),
  );
}
