import { everyJobsInterval } from '../../assembly/cadence.ts';
import { mailOptions, type ModuleContext } from '../../assembly/context.ts';
import { routesOf, type ModuleRoutes } from '../../assembly/module-routes.ts';
import type { OrganizationService } from '../organizations/service.ts';
import { createFulfilment } from './fulfilment.ts';
import { subscriptionLapsesJob } from './lapses-job.ts';
import { createPaymentProviders } from './providers/index.ts';
import { createReceiptRepository } from './receipt-repository.ts';
import { createRefunds } from './refunds.ts';
import { createPaymentRepository } from './repository.ts';
import { paymentRoutes } from './routes.ts';
import { createPaymentService } from './service.ts';
import { paymentWebhookRoute } from './webhook-route.ts';

/**
 * Payments (ADR 013): checkout, plan changes, cancel and resume, invoices and receipts, guest
 * codes, the provider's webhook and the lapses of subscriptions nobody renewed. Before an
 * organization or an account is deleted, its subscriptions are cancelled at the provider.
 */
export function paymentsModule(
  context: ModuleContext,
  { organizations }: { organizations: OrganizationService },
) {
  const { config, db, log } = context;
  const repository = createPaymentRepository(db);
  const receipts = createReceiptRepository(db);
  const providers = createPaymentProviders(config, db);
  const fulfilment = createFulfilment({
    repository,
    receipts,
    ...mailOptions(context),
    graceDays: config.PAYMENT_GRACE_DAYS,
    logger: log,
  });
  const service = createPaymentService({
    db,
    repository,
    receipts,
    providers,
    fulfilment,
    organizations,
    counters: context.counters,
    publicUrl: config.publicUrl,
    limits: {
      enabled: config.RATE_LIMITS,
      windowMs: config.RATE_LIMIT_WINDOW_MS,
      guestCodes: config.RATE_LIMIT_GUEST_CODE_MAX,
      checkouts: config.RATE_LIMIT_CHECKOUT_MAX,
    },
    logger: log,
  });
  context.events.on('organizationDeleting', service.cancelBeforeDeletion);
  context.events.on('accountDeleting', service.cancelBeforeDeletion);
  const lapses = subscriptionLapsesJob({
    repository,
    fulfilment,
    refresh: service.refresh,
    reminderDays: config.LAPSE_REMINDER_DAYS,
    logger: log,
  });
  context.jobs.add('applyLapses', lapses, lapses.runAt, everyJobsInterval(context));

  const routes = routesOf(paymentRoutes, { payments: service });
  // The provider's events, where a provider that sends them is configured.
  const webhookRoutes: ModuleRoutes = async (api) => {
    if (!providers.stripe) return;
    await api.register(paymentWebhookRoute, {
      payments: service,
      stripe: providers.stripe.provider,
      webhookSecret: providers.stripe.webhookSecret,
      onEvent: context.metrics?.webhookEvent,
    });
  };
  // The console's refund: the payments module's own steps, with the operator's audit around it.
  const { refundLatest } = createRefunds({ repository, providers, refresh: service.refresh });
  return { repository, service, refundLatest, routes, webhookRoutes };
}
