import { fromNodeHeaders } from 'better-auth/node';
import { createPasswordAttempts } from '../../adapters/rate-limit/password-attempts.ts';
import { routeRateLimits } from '../../adapters/rate-limit/route-limits.ts';
import { everyJobsInterval } from '../../assembly/cadence.ts';
import { mailOptions, type ModuleContext } from '../../assembly/context.ts';
import { routesOf, type ModuleRoutes } from '../../assembly/module-routes.ts';
import { createIdentity, type IdentityCallbacks } from '../../identity/better-auth.ts';
import { passwordHashing } from '../../identity/password-hashing.ts';
import type { OrganizationService } from '../organizations/service.ts';
import { identityRoutes } from './auth-routes.ts';
import { guestPurgeJob } from './guest-purge-job.ts';
import { createAccountRepository } from './repository.ts';
import { accountRoutes } from './routes.ts';
import { createAccountService } from './service.ts';

/**
 * Accounts and identity: sign-up, sign-in (better-auth), email verification, password checks
 * per account and address, account deletion, and the purge of idle guests.
 */
export function accountsModule(
  context: ModuleContext,
  { isDisabled }: { isDisabled: IdentityCallbacks['userDisabled'] },
) {
  const { config, db } = context;
  const repository = createAccountRepository(db);
  const passwordAttempts = createPasswordAttempts(context.counters, {
    enabled: config.RATE_LIMITS,
    max: config.RATE_LIMIT_ACCOUNT_MAX,
    wideMax: config.RATE_LIMIT_ACCOUNT_WIDE_MAX,
    windowMs: config.RATE_LIMIT_WINDOW_MS,
  });
  const service = createAccountService({
    accounts: repository,
    ...mailOptions(context),
    removeImages: context.removeImagesAfterCommit,
    verifyPassword: (hash, password) => passwordHashing.verify({ hash, password }),
    passwordAttempts,
    beforeDelete: (ownerId) => context.events.announce('accountDeleting', { ownerId }),
  });
  const identity = createIdentity({
    config,
    secret: context.secret,
    ambient: context.ambient,
    logger: context.log,
    callbacks: {
      passwordAccountCreated: service.issueVerification,
      passwordResetRequested: service.passwordResetRequested,
      guestLinked: service.guestLinked,
      passwordReset: passwordAttempts.reset,
      userDisabled: isDisabled,
    },
  });
  const guestPurge = guestPurgeJob(repository, config.GUEST_RETENTION_DAYS, context.log);
  context.jobs.add('purgeGuests', guestPurge, guestPurge.runAt, everyJobsInterval(context));
  const limits = routeRateLimits(config);

  return {
    service,
    identity,
    /** The signed-in user of a request's headers, or null; the session is not extended. */
    userOf: async (headers: Record<string, string | string[] | undefined>) =>
      (await identity.api.getSession({ headers: fromNodeHeaders(headers) }))?.user.id ?? null,
    routes:
      (organizations: OrganizationService): ModuleRoutes =>
      async (api) => {
        await routesOf(identityRoutes, {
          identity,
          config,
          rateLimit: limits,
          passwordAttempts,
          onEmailQueued: context.mailer.queued,
          emailHasPassword: repository.emailHasPassword,
        })(api);
        await routesOf(accountRoutes, {
          identity,
          accounts: service,
          organizations,
          rateLimit: limits,
        })(api);
      },
  };
}
