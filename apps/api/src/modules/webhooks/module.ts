import type { ModuleContext } from '../../assembly/context.ts';
import { everyJobsInterval } from '../../assembly/cadence.ts';
import { routesOf } from '../../assembly/module-routes.ts';
import type { OperatorRepository } from '../operators/repository.ts';
import { createDeliveryQueue } from './delivery-queue.ts';
import { createEndpointRepository } from './endpoints.ts';
import { roleExpiryJob } from './role-expiry-job.ts';
import { webhookRoutes } from './routes.ts';
import { createSecretBox } from './secrets.ts';
import { createWebhookSender } from './sender.ts';
import { createWebhookService } from './service.ts';
import { systemResolver, type HostResolver, type TargetPolicy } from './target-policy.ts';

/**
 * Webhooks for partners (ADR 056): events are queued by the database's triggers in the
 * transaction of each change (migration 0029), and a role's closing date passing by a job
 * (migration 0030); this module's sender delivers them, signed, and the console's routes manage
 * the endpoints.
 */
export function webhooksModule(
  context: ModuleContext,
  deps: { audit: Pick<OperatorRepository, 'record'>; resolveHost?: HostResolver },
) {
  const { config } = context;
  const policy: TargetPolicy = {
    allowHttp: config.WEBHOOKS_ALLOW_HTTP,
    allowPrivateAddresses: config.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES,
    resolve: deps.resolveHost ?? systemResolver,
  };
  const secrets = createSecretBox(context.secret);
  const endpoints = createEndpointRepository(context.db);
  const service = createWebhookService({
    db: context.db,
    endpoints,
    audit: deps.audit,
    secrets,
    policy,
    outbox: context.mailer.outbox,
    publicUrl: context.mailer.publicUrl,
    emailFooter: context.mailer.footer,
    now: () => new Date(),
  });
  const sender = createWebhookSender({
    queue: createDeliveryQueue(context.db),
    secrets,
    policy,
    timeoutMs: config.WEBHOOKS_TIMEOUT_MS,
    maxAnswerBytes: 64 * 1024,
    logger: context.log,
    onDisabled: (endpoint) => async (tx) => {
      await service.disabledEmails(endpoint)(tx);
      context.mailer.queued();
    },
  });
  context.jobs.add('sendWebhooks', sender.job, sender.send, {
    everyMs: config.WEBHOOKS_INTERVAL_MS,
  });
  const expiries = roleExpiryJob(context.db);
  context.jobs.add('announceExpiredRoles', expiries, expiries.runAt, everyJobsInterval(context));
  return { service, routes: routesOf(webhookRoutes, { webhooks: service }) };
}
