import type { SocialProviderId } from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import { signInAfterGuest } from './get-session';

/** Where the identity service sends the browser when a social sign-in fails (?error=&provider=). */
export const SOCIAL_ERROR_PATH = '/login';

/**
 * Starts a Google or GitHub sign-in (POST /api/auth/sign-in/social) and leaves for the provider.
 * The browser comes back to callbackPath, a path of this site, or to errorPath with
 * ?error=<CODE>&provider=<id> added.
 */
export async function startSocialSignIn(
  provider: SocialProviderId,
  callbackPath: string,
  errorPath = SOCIAL_ERROR_PATH,
): Promise<void> {
  const { url } = await signInAfterGuest(() =>
    apiData<{ url: string; redirect: boolean }>('/auth/sign-in/social', {
      method: 'POST',
      body: { provider, callbackURL: callbackPath, errorCallbackURL: errorPath },
      sessionRefresh: false,
    }),
  );
  window.location.assign(url);
}
