import { z } from 'zod';

/** Sessions, and sign-in with Google and GitHub. */
export const identitySettings = {
  /**
   * Signs session cookies and OAuth state. Without it the embedded default keeps a random
   * secret in DATA_DIR; set it (the same value) on every process of a scaled-out deployment.
   */
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** OpenID Connect discovery document; tests point it at a local provider. */
  GOOGLE_DISCOVERY_URL: z
    .url()
    .default('https://accounts.google.com/.well-known/openid-configuration'),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  /** GitHub's OAuth host (authorize, access_token) and REST API; tests point them at a stand-in. */
  GITHUB_OAUTH_URL: z.url().default('https://github.com'),
  GITHUB_API_URL: z.url().default('https://api.github.com'),
};
