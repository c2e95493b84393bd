import type { RouteRateLimit } from '../../adapters/rate-limit/route-limits.ts';
import { unsubscribeTokens } from '../../adapters/email/unsubscribe-tokens.ts';
import { everyJobsInterval } from '../../assembly/cadence.ts';
import { mailOptions, type ModuleContext } from '../../assembly/context.ts';
import { routesOf } from '../../assembly/module-routes.ts';
import { newsletterDigestJob } from './digest-job.ts';
import { createDigestRepository } from './digest-repository.ts';
import { createDigestSender } from './digest-sender.ts';
import { newsletterExpiryJob } from './expiry-job.ts';
import { createNewsletterRepository } from './repository.ts';
import { newsletterRoutes } from './routes.ts';
import { createNewsletterService } from './service.ts';

/** The newsletter (ADR 033): double opt-in, a monthly digest, one-click unsubscribe. */
export function newsletterModule(
  context: ModuleContext,
  { rateLimit }: { rateLimit: RouteRateLimit | undefined },
) {
  const { db, log } = context;
  const repository = createNewsletterRepository(db);
  const tokens = unsubscribeTokens(context.secret, 'newsletter');
  const service = createNewsletterService({ db, repository, tokens, ...mailOptions(context) });
  const digests = createDigestSender({
    db,
    digests: createDigestRepository(db),
    newsletter: repository,
    tokens,
    ...mailOptions(context),
  });
  const digest = newsletterDigestJob({ sender: digests, logger: log });
  context.jobs.add('sendNewsletterDigest', digest, digest.runAt, everyJobsInterval(context));
  const expiry = newsletterExpiryJob(repository, log);
  context.jobs.add('expireNewsletterAddresses', expiry, expiry.runAt, everyJobsInterval(context));
  return {
    repository,
    digests,
    routes: routesOf(newsletterRoutes, { newsletter: service, rateLimit }),
  };
}
