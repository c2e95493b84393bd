import type { FastifyInstance } from 'fastify';
import { registerApi } from './assembly/api-scope.ts';
import { registerBackgroundWork } from './assembly/background-work.ts';
import { createModuleContext } from './assembly/context.ts';
import './assembly/decorations.ts';
import { createFastify, registerEdgeRules } from './assembly/edge.ts';
import { registerExternalPlugins, registerRateLimits } from './assembly/external-plugins.ts';
import type { Storage } from './adapters/storage/storage.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { registerMetrics } from './metrics/routes.ts';
import { activityModule } from './modules/activity/module.ts';
import { accountsModule } from './modules/accounts/module.ts';
import { apiKeysModule } from './modules/api-keys/module.ts';
import { feedsModule } from './modules/feeds/module.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { insightsModule } from './modules/insights/module.ts';
import { outboundRoute } from './modules/insights/outbound-route.ts';
import { invitationsModule } from './modules/invitations/module.ts';
import { milestonesModule } from './modules/milestones/module.ts';
import { newsletterModule } from './modules/newsletter/module.ts';
import { operatorRoster, operatorsModule } from './modules/operators/module.ts';
import { organizationImagesModule } from './modules/organization-images/module.ts';
import { organizationsModule } from './modules/organizations/module.ts';
import { paymentsModule } from './modules/payments/module.ts';
import { referenceModule } from './modules/reference/module.ts';
import { reportsModule } from './modules/reports/module.ts';
import { rolesModule } from './modules/roles/module.ts';
import { savedSearchesModule } from './modules/saved-searches/module.ts';
import { siteModule } from './modules/site/module.ts';
import { verificationModule } from './modules/verification/module.ts';
import { webhooksModule } from './modules/webhooks/module.ts';
import type { HostResolver } from './modules/webhooks/target-policy.ts';
import { routeRateLimits } from './adapters/rate-limit/route-limits.ts';
import { pagesModule } from './pages/module.ts';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Pino options, or false in tests that want silence. */
  logger?: boolean | Record<string, unknown>;
  /** How webhook hosts are resolved; tests point a name at this machine (ADR 056). */
  resolveHost?: HostResolver;
}

/**
 * Builds the Fastify app: the edge rules, the external plugins, then the modules, each built
 * from one context and what it needs of the modules before it. Where a module acts on another's
 * change (payments cancel the subscriptions of what is being deleted), it subscribes to the
 * context's events (assembly/module-events.ts).
 */
export async function buildApp({
  config,
  database,
  logger,
  resolveHost,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = createFastify(config, logger);
  const traffic = registerEdgeRules(app, config);
  await registerExternalPlugins(app, config);
  const context = await createModuleContext(app, config, database, traffic);
  if (context.metrics)
    registerMetrics(app, { metrics: context.metrics, token: config.METRICS_TOKEN! });
  await registerRateLimits(app, config, context.counters);

  const site = siteModule(context);
  const reference = referenceModule(context);
  const operators = operatorRoster(context);
  const accounts = accountsModule(context, { isDisabled: operators.isDisabled });
  const insights = insightsModule(context, {
    userOf: accounts.userOf,
    isOperator: operators.isOperator,
  });
  const organizations = organizationsModule(context, { reference: reference.service });
  const newsletter = newsletterModule(context, {
    rateLimit: routeRateLimits(config)('newsletter'),
  });
  const verification = verificationModule(context, { organizations: organizations.service });
  const roles = rolesModule(context, {
    organizations: organizations.service,
    reference: reference.service,
  });
  const payments = paymentsModule(context, { organizations: organizations.service });
  const console = operatorsModule(context, {
    roster: operators,
    payments,
    verification: verification.repository,
    newsletter,
    deleteOrganization: organizations.service.deleteForOperator,
    deleteUser: accounts.service.deleteForOperator,
  });
  const savedSearches = savedSearchesModule(context, {
    organizations: organizations.service,
    roles: roles.listing,
    reference: reference.service,
  });
  const reports = reportsModule(context, {
    organizations: organizations.service,
    roles: roles.service,
  });
  const invitations = invitationsModule(context, { organizations: organizations.service });
  const milestones = milestonesModule(context, { organizations: organizations.service });
  const webhooks = webhooksModule(context, { audit: operators.repository, resolveHost });
  const activity = activityModule(context, { organizations: organizations.service });
  const apiKeys = apiKeysModule(context);
  const pages = pagesModule(context, {
    organizations,
    roles: roles.pageQueries,
    reference: reference.service,
    insights: insights.service,
    site: site.settings,
  });
  const feeds = feedsModule(context, {
    organizations: organizations.service,
    roles: roles.listing,
    reference: reference.service,
  });
  const images = organizationImagesModule(context, {
    organizations: organizations.service,
    cards: pages.cards,
  });

  app.decorate('emailRelay', context.relay);
  app.decorate<Storage>('storage', context.storage);
  app.decorate('jobs', context.jobs.named());
  app.decorate('payments', payments.service);
  app.decorate('prepareDirectory', async () => {
    await organizations.service.prepareDirectory();
    await roles.listing.prepareRoleList();
  });
  app.decorate('prepareShareCards', pages.prepareShareCards);
  app.decorate('insights', { service: insights.service, flush: insights.counts.flush });
  registerBackgroundWork(app, context, { counts: insights.counts });

  await app.register(healthRoutes, { database, draining: () => app.shutdownDrain.draining });
  await registerApi(app, {
    config,
    identity: accounts.identity,
    operatorGate: operators.gate,
    keyGate: apiKeys.gate,
    routes: [
      accounts.routes(organizations.service),
      reference.routes,
      organizations.routes(insights.service),
      organizations.memberRoutes,
      invitations.routes,
      activity.routes,
      roles.routes,
      insights.routes,
      verification.routes,
      milestones.routes,
      savedSearches.routes,
      apiKeys.routes,
      images.routes,
      reports.routes,
      payments.routes,
      console.routes,
      webhooks.routes,
      payments.webhookRoutes,
      newsletter.routes,
      site.routes,
    ],
  });
  await pages.routes(app);
  await feeds.routes(app);
  await app.register(outboundRoute, {
    organizations: organizations.service,
    roles: roles.service,
    insights: insights.service,
  });
  return app;
}
