import { createHash, randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { anonymous, bearer, genericOAuth } from 'better-auth/plugins';
import type { BetterAuthPlugin } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import { authErrorCodes, signInMessages, siteName } from '@si/contracts';
import type { Config } from '../config.ts';
import type { AmbientTransactions } from '../db/ambient-transaction.ts';
import type { Database } from '../db/client.ts';
import { accounts, sessions, users, verifications } from '../db/schema.ts';
import { loggableError } from '../http/loggable-error.ts';
import { socialProviderConfigs } from './social-providers.ts';
import { passwordHashing } from './password-hashing.ts';

const DAY_SECONDS = 24 * 60 * 60;

export interface IdentityCallbacks {
  /** A new email-and-password account: send its verification email in the same transaction. */
  passwordAccountCreated(executor: Database, user: { id: string; email: string }): Promise<void>;
  /**
   * A password reset was asked for an existing account: send the link, and make it the only one
   * that works (`storedAs` is the new token's identifier in `verifications`).
   */
  passwordResetRequested(executor: Database, reset: PasswordResetRequest): Promise<void>;
  /** A guest became (or signed in to) a full account: hand over what the guest owned. */
  guestLinked(executor: Database, guestId: string, userId: string): Promise<void>;
  /** The account's password was reset from its email: failed attempts no longer count. */
  passwordReset(email: string): Promise<void>;
  /** An operator disabled the account (ADR 028): no sign-in may make it a session. */
  userDisabled(executor: Database, userId: string): Promise<boolean>;
}

/**
 * Reset tokens are stored as their SHA-256, under a prefix of their own: a stolen table holds no
 * working link, and a stored hash typed as a token matches nothing (better-auth also looks a
 * token up as typed, which finds only the plain `reset-password:` rows of older versions).
 */
export const RESET_TOKEN_PREFIX = 'reset-password-sha256:';
const storedResetIdentifier = (identifier: string) =>
  `${RESET_TOKEN_PREFIX}${createHash('sha256').update(identifier).digest('hex')}`;
const hashedResetIdentifier = {
  hash: async (identifier: string) => storedResetIdentifier(identifier),
};

/**
 * better-auth logs requests it refuses as errors: a foreign callback URL or origin, an
 * unconfigured provider, a forged or stale OAuth state. Anyone can send those; they are not.
 */
const REFUSAL_LOG =
  /^(Invalid (origin|callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL)|Blocked cross-site|Provider not found|Failed to parse state|State not found|INVALID_CALLBACK_REQUEST|OAuth issuer mismatch)/i;

export interface PasswordResetRequest {
  userId: string;
  email: string;
  token: string;
  storedAs: string;
}

export interface IdentityOptions {
  config: Config;
  secret: string;
  ambient: AmbientTransactions;
  logger: FastifyBaseLogger;
  callbacks: IdentityCallbacks;
}

/**
 * A permanent account cannot "link" another one: signing up while signed in as a full user is
 * refused (docs/product.md#texts-that-are-part-of-the-contract 'User is not anonymous'). A guest signing up is linked by the anonymous plugin.
 */
function guestUpgradeRules(callbacks: IdentityCallbacks, ambient: AmbientTransactions) {
  return {
    id: 'scaling-impact-identity',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/sign-up/email',
          handler: createAuthMiddleware(async (ctx) => {
            const { getSessionFromCtx } = await import('better-auth/api');
            const current = await getSessionFromCtx(ctx, { disableRefresh: true });
            if (current && !current.user.isAnonymous) {
              throw APIError.from('BAD_REQUEST', {
                code: authErrorCodes.notAnonymous,
                message: signInMessages.notAnonymous,
              });
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/sign-up/email',
          handler: createAuthMiddleware(async (ctx) => {
            const user = ctx.context.newSession?.user;
            if (!user || user.emailVerified || user.isAnonymous) return;
            await callbacks.passwordAccountCreated(ambient.current(), {
              id: user.id,
              email: user.email,
            });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

export function createIdentity({ config, secret, ambient, logger, callbacks }: IdentityOptions) {
  const secure = config.publicUrl.startsWith('https://');
  return betterAuth({
    appName: siteName,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(ambient.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      requireEmailVerification: false,
      password: passwordHashing,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        await callbacks.passwordResetRequested(ambient.current(), {
          userId: user.id,
          email: user.email,
          token,
          storedAs: storedResetIdentifier(`reset-password:${token}`),
        });
      },
      onPasswordReset: ({ user }) => callbacks.passwordReset(user.email),
    },
    verification: {
      storeIdentifier: {
        default: 'plain',
        overrides: { 'reset-password:': hashedResetIdentifier },
      },
    },
    session: { expiresIn: 30 * DAY_SECONDS, updateAge: DAY_SECONDS },
    databaseHooks: {
      session: {
        create: {
          // Every way in (password, provider, reset) makes a session: a disabled account gets none.
          before: async (session) => {
            if (await callbacks.userDisabled(ambient.current(), session.userId)) {
              throw APIError.from('FORBIDDEN', {
                code: authErrorCodes.userDisabled,
                message: signInMessages.userDisabled,
              });
            }
          },
        },
      },
    },
    // A social sign-in never takes over an existing account with the same email.
    account: { accountLinking: { enabled: false } },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    onAPIError: { errorURL: `${config.publicUrl}/login` },
    advanced: {
      // better-auth skips its origin and callback-URL checks under NODE_ENV=test; the tests
      // must see the same protection as production.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      cookiePrefix: 'si',
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      database: { generateId: () => randomUUID() },
      ipAddress: { ipAddressHeaders: ['x-client-ip'] },
    },
    logger: {
      log: (level, message, ...args) => {
        const as = level === 'error' && REFUSAL_LOG.test(message) ? 'info' : level;
        // A failed query inside better-auth carries its parameters: log the statement only.
        logger[as]({ auth: args.length > 0 ? args.map(loggableError) : undefined }, message);
      },
    },
    plugins: [
      anonymous({
        generateName: () => 'Guest',
        onLinkAccount: async ({ anonymousUser, newUser }) => {
          await callbacks.guestLinked(ambient.current(), anonymousUser.user.id, newUser.user.id);
        },
      }),
      bearer(),
      genericOAuth({ config: socialProviderConfigs(config) }),
      guestUpgradeRules(callbacks, ambient),
    ],
  });
}

export type Identity = ReturnType<typeof createIdentity>;
