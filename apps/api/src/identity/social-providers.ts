import type { GenericOAuthConfig } from 'better-auth/plugins/generic-oauth';
import { siteName } from '@si/contracts';
import type { Config } from '../config.ts';
import { rememberProviderEmail } from './sign-in-context.ts';

interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/**
 * Google (OpenID Connect discovery) and GitHub (OAuth plus its REST API), each enabled when its
 * client id and secret are set. Endpoints come from configuration so tests run against local
 * stand-ins. Both count as verified email (docs/product.md#identity-and-sessions).
 */
export function socialProviderConfigs(config: Config): GenericOAuthConfig[] {
  const providers: GenericOAuthConfig[] = [];
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    providers.push({
      providerId: 'google',
      name: 'Google',
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      discoveryUrl: config.GOOGLE_DISCOVERY_URL,
      scopes: ['openid', 'email', 'profile'],
      mapProfileToUser: (profile) => {
        rememberProviderEmail(profile.email);
        return { emailVerified: true };
      },
    });
  }
  if (config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET) {
    const oauthBase = config.GITHUB_OAUTH_URL.replace(/\/$/, '');
    const apiBase = config.GITHUB_API_URL.replace(/\/$/, '');
    providers.push({
      providerId: 'github',
      name: 'GitHub',
      clientId: config.GITHUB_CLIENT_ID,
      clientSecret: config.GITHUB_CLIENT_SECRET,
      authorizationUrl: `${oauthBase}/login/oauth/authorize`,
      tokenUrl: `${oauthBase}/login/oauth/access_token`,
      authorizationHeaders: { accept: 'application/json' },
      scopes: ['read:user', 'user:email'],
      getUserInfo: async (tokens) => {
        const headers = {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${tokens.accessToken}`,
          'user-agent': siteName,
        };
        const profileResponse = await fetch(`${apiBase}/user`, { headers });
        if (!profileResponse.ok) return null;
        const profile = (await profileResponse.json()) as {
          id: number;
          login: string;
          name: string | null;
          email: string | null;
          avatar_url?: string;
        };
        const emailsResponse = await fetch(`${apiBase}/user/emails`, { headers });
        const emails = emailsResponse.ok ? ((await emailsResponse.json()) as GitHubEmail[]) : [];
        const chosen =
          emails.find((entry) => entry.primary && entry.verified) ??
          emails.find((entry) => entry.verified);
        const email = chosen?.email ?? profile.email;
        if (!email) return null;
        rememberProviderEmail(email);
        return {
          id: String(profile.id),
          name: profile.name || profile.login,
          email,
          image: profile.avatar_url,
          emailVerified: true,
        };
      },
    });
  }
  return providers;
}
