import type { SocialProviderId } from '@si/contracts';
import { apiData } from '../../../lib/api-client';

/** Where the identity service sends the browser when a social sign-in fails (?error=&provider=). */
export const SOCIAL_ERROR_PATH = '/login';

/**
 * Starts a Google or GitHub sign-in (POST /api/auth/sign-in/social) and leaves for the provider.
 * The browser comes back to callbackPath, a path of this site.
 */
export async function startSocialSignIn(
  provider: SocialProviderId,
  callbackPath: string,
): Promise<void> {
  const { url } = await apiData<{ url: string; redirect: boolean }>('/auth/sign-in/social', {
    method: 'POST',
    body: { provider, callbackURL: callbackPath, errorCallbackURL: SOCIAL_ERROR_PATH },
    sessionRefresh: false,
  });
  window.location.assign(url);
}
