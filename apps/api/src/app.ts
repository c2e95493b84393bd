import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { defaultWebDist } from './package-paths.ts';
import rateLimit from '@fastify/rate-limit';
import { withAmbientTransactions } from './db/ambient-transaction.ts';
import { registerCacheControl } from './http/cache-control.ts';
import { brotliParams } from './http/brotli-options.ts';
import { registerCrossSiteCheck } from './http/cross-site-check.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './http/error-handler.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { swaggerOptions } from './http/openapi.ts';
import { registerStorableTextCheck } from './http/storable-text.ts';
import { guestPurgeJob } from './jobs/guest-purge.ts';
import { insightsRollupJob } from './jobs/insights-rollup.ts';
import { sentEmailBodiesJob } from './jobs/sent-email-bodies.ts';
import { startJobs } from './jobs/scheduler.ts';
import { subscriptionLapsesJob, type LapseRun } from './jobs/subscription-lapses.ts';
import { shareCardsJob, type ShareCardRun } from './jobs/share-cards.ts';
import { uploadSweepJob, type UploadSweepRun } from './jobs/upload-sweep.ts';
import { createFulfilment } from './modules/payments/fulfilment.ts';
import { createPaymentProviders } from './modules/payments/providers/index.ts';
import { createPaymentRepository } from './modules/payments/repository.ts';
import { createReceiptRepository } from './modules/payments/receipt-repository.ts';
import { createOperatorRepository } from './modules/operators/repository.ts';
import { operatorRoutes } from './modules/operators/routes.ts';
import { createOperatorService } from './modules/operators/service.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { createPaymentService, type PaymentService } from './modules/payments/service.ts';
import { paymentWebhookRoute } from './modules/payments/webhook-route.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { createAccountRepository } from './modules/accounts/repository.ts';
import { createAccountService } from './modules/accounts/service.ts';
import { createOutboxRepository } from './adapters/email/outbox-repository.ts';
import { createEmailRelay, type EmailRelay } from './adapters/email/relay.ts';
import { visitorTraffic } from './jobs/visitor-traffic.ts';
import { createLogTransport, createSmtpTransport } from './adapters/email/transports.ts';
import { identityRoutes } from './modules/accounts/auth-routes.ts';
import { createIdentity } from './identity/better-auth.ts';
import { fromNodeHeaders } from 'better-auth/node';
import { resolveAuthSecret } from './identity/secret.ts';
import { createPasswordAttempts } from './adapters/rate-limit/password-attempts.ts';
import { createPostgresStore } from './adapters/rate-limit/postgres-store.ts';
import { createWindowCounters } from './adapters/rate-limit/window-counters.ts';
import { rateLimitedError, routeRateLimits } from './adapters/rate-limit/route-limits.ts';
import { isBuildAsset, permissionsPolicy, setSecurityHeaders } from './http/security-headers.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { registerShutdownDrain, type ShutdownDrain } from './http/shutdown-drain.ts';
import { createInsightsRepository } from './modules/insights/repository.ts';
import { insightsRoutes } from './modules/insights/routes.ts';
import { codeDigests } from './modules/verification/code-digest.ts';
import { createVerificationRepository } from './modules/verification/repository.ts';
import { verificationRoutes } from './modules/verification/routes.ts';
import { createVerificationService } from './modules/verification/service.ts';
import { outboundRoute } from './modules/insights/outbound-route.ts';
import { createInsightsService, type InsightsService } from './modules/insights/service.ts';
import { createTally } from './modules/insights/tally.ts';
import { unsubscribeTokens } from './adapters/email/unsubscribe-tokens.ts';
import { insightsSummariesJob } from './jobs/insights-summaries.ts';
import { savedSearchAlertsJob, type AlertRunResult } from './jobs/saved-search-alerts.ts';
import { createSavedSearchRepository } from './modules/saved-searches/repository.ts';
import { savedSearchRoutes } from './modules/saved-searches/routes.ts';
import { createSavedSearchService } from './modules/saved-searches/service.ts';
import { newsletterRoutes } from './modules/newsletter/routes.ts';
import { createNewsletterRepository } from './modules/newsletter/repository.ts';
import { createDigestRepository } from './modules/newsletter/digest-repository.ts';
import { createDigestSender } from './modules/newsletter/digest-sender.ts';
import { createNewsletterService } from './modules/newsletter/service.ts';
import { newsletterDigestJob } from './jobs/newsletter-digest.ts';
import { newsletterExpiryJob } from './jobs/newsletter-expiry.ts';
import { organizationRoutes } from './modules/organizations/routes.ts';
import { createOrganizationRepository } from './modules/organizations/repository.ts';
import { createOrganizationService } from './modules/organizations/service.ts';
import { organizationImageRoutes } from './modules/organization-images/routes.ts';
import { createOrganizationImageService } from './modules/organization-images/service.ts';
import { multipartLimits } from './adapters/images/upload.ts';
import { createStorage } from './adapters/storage/index.ts';
import { SHARE_CARDS_PREFIX, type Storage } from './adapters/storage/storage.ts';
import { referenceRoutes } from './modules/reference/routes.ts';
import { reporterKeys } from './modules/reports/reporter-key.ts';
import { createReportRepository } from './modules/reports/repository.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { createReportService } from './modules/reports/service.ts';
import { createReferenceRepository } from './modules/reference/repository.ts';
import { createReferenceService } from './modules/reference/service.ts';
import { seoRoutes } from './pages/seo-routes.ts';
import { createShareImages } from './pages/share-images/share-images.ts';
import { siteRoutes } from './modules/site/routes.ts';
import { webRoutes } from './pages/routes.ts';
import {
  createPageCache,
  createPageStore,
  type ProfileRegenerationJob,
  type RegenerationRun,
} from './pages/keeping/index.ts';
import { createLateWiring } from './wiring.ts';
import { alertCodes } from './metrics/alert-codes.ts';
import { createMetrics, type Metrics } from './metrics/registry.ts';
import { registerMetrics } from './metrics/routes.ts';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Pino options, or false in tests that want silence. */
  logger?: boolean | Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The email relay: tests call drain() to send what is due without waiting. */
    emailRelay: EmailRelay;
    /** Where uploaded images live (disk or S3); server start writes the demo images through it. */
    storage: Storage;
    /** Periodic jobs, callable directly (tests, operators). */
    jobs: {
      purgeGuests(now: Date): Promise<number | null>;
      applyLapses(now: Date): Promise<LapseRun | null>;
      /** Drops the bodies of emails sent over a week ago; null when another process has it. */
      dropSentEmailBodies(): Promise<number | null>;
      sweepUploads(now: Date): Promise<UploadSweepRun | null>;
      /** Rolls up by month the daily insight counts older than 13 months; null: another process has it. */
      rollUpInsights(now: Date): Promise<number | null>;
      /** Queues last month's insights summaries (in a month's first 7 days); how many. */
      sendInsightsSummaries(now: Date): Promise<number>;
      /** Queues last month's newsletter digest (in a month's first 7 days); how many here. */
      sendNewsletterDigest(now: Date): Promise<number>;
      /** Removes newsletter addresses left unconfirmed 7 days; how many. */
      expireNewsletterAddresses(now: Date): Promise<number>;
      /**
       * Works out the saved searches' alerts due at `now` (of the account at `onlyTo`, if given)
       * and queues those with news (ADR 034).
       */
      sendSavedSearchAlerts(now: Date, onlyTo?: string): Promise<AlertRunResult>;
      /** Draws ahead (or removes) the share cards of profiles changed since; null: another process has it. */
      drawShareCards(): Promise<ShareCardRun | null>;
      /** Stores the pages of published profiles not stored yet; null when pages are not rendered here. */
      regenerateProfilePages(): Promise<RegenerationRun | null>;
    };
    /** The payments service (operator commands and tests call it directly). */
    payments: PaymentService;
    /**
     * Builds the directory's in-process index (ADR 018); the server does it before it listens.
     * Without it, the first list request builds it.
     */
    prepareDirectory(): Promise<void>;
    /**
     * Draws one share card nobody asked for, not stored: fonts loaded, the layers every card
     * shares drawn, the code compiled, before the first request would wait for them (ADR 026).
     */
    prepareShareCards(): Promise<void>;
    /** Profile insights: tests count and flush without waiting for the timer. */
    insights: { service: InsightsService; flush(): Promise<void> };
    /** Every route as registered, for the security tests to cover each one, new ones included. */
    routeTable: { method: string; url: string }[];
    /** The server's SIGTERM: /readyz goes 503 while it keeps serving, then it lets go (ADR 036). */
    shutdownDrain: ShutdownDrain;
  }
}

/**
 * Soon after start, the stored pages are checked: a deploy or a restore names every profile's
 * page anew, and they should be stored again before a crawler comes.
 */
const PAGE_REGENERATION_FIRST_RUN_MS = 2_000;

/** Builds the Fastify app: external plugins, then the app's own, then the modules. */
export async function buildApp({
  config,
  database,
  logger,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming)
        ? incoming
        : crypto.randomUUID();
    },
    requestIdHeader: false,
    // A hop count trusts that many proxies nearest the server (Fastify's types omit numbers).
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  const routeTable: { method: string; url: string }[] = [];
  app.decorate('routeTable', routeTable);
  const shutdownDrain = registerShutdownDrain(app);
  app.decorate('shutdownDrain', shutdownDrain);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerCrossSiteCheck(app, config.publicUrl);
  registerJsonBodyParser(app);
  // No route reads text bodies, and text/plain is how a cross-site form skips a preflight.
  app.removeContentTypeParser('text/plain');
  registerStorableTextCheck(app);
  // This process's requests: background work that can wait (the regeneration of stored pages,
  // saved searches' alerts) gives way to them. 'close' comes for a finished and an aborted answer.
  const traffic = visitorTraffic();
  app.addHook('onRequest', async (_request, reply) => {
    traffic.started();
    reply.raw.once('close', traffic.finished);
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (!isBuildAsset(request.url)) reply.header('permissions-policy', permissionsPolicy);
  });

  // Every text answer (pages, JSON, the OpenAPI document, the sitemap) over 1 KB is compressed
  // for a client that accepts it, with Vary: Accept-Encoding. Before @fastify/static, whose
  // build assets go out precompressed at build time instead (ADR 014).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: brotliParams },
  });

  app.addHook('onRequest', setSecurityHeaders);

  await app.register(swagger, swaggerOptions(config.publicUrl));
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header,
  });

  const storage = createStorage(config);
  app.addHook('onClose', () => storage.close());
  // Files are removed after their rows' transaction has committed: a failure then must not turn
  // a done deletion into an error answer. The files are logged for an operator instead.
  const removeImagesAfterCommit = (urls: string[]) =>
    storage
      .removeImages(urls)
      .catch((error: unknown) =>
        app.log.error(
          { err: error, urls, code: alertCodes.storageCleanupFailed },
          'stored images could not be removed',
        ),
      );
  const referenceService = createReferenceService(createReferenceRepository(database.db));
  const organizationRepository = createOrganizationRepository(database.db);
  // Identity and payments are built after the services that call them: see wiring.ts.
  const wiring = createLateWiring();
  const organizationService = createOrganizationService(organizationRepository, referenceService, {
    removeImages: removeImagesAfterCommit,
    beforeDelete: (organizationId) => wiring.cancelSubscriptions({ organizationId }),
  });

  const ambient = withAmbientTransactions(database.db);
  const outbox = createOutboxRepository(database.db);
  // Without METRICS_TOKEN nothing is counted and GET /metrics is not a route (ADR 023).
  const pageCache = createPageCache({ maxBytes: Math.floor(config.PAGE_CACHE_MB * 1024 * 1024) });
  const pageStore = createPageStore(path.resolve(config.DATA_DIR, 'pages'));
  // Made by the page routes (which render), run by the scheduler below.
  const profilePages: { job: ProfileRegenerationJob | null } = { job: null };
  const metrics: Metrics | undefined = config.METRICS_TOKEN
    ? createMetrics({
        directoryStatus: organizationService.directoryStatus,
        pageCache: pageCache.stats,
        unsentEmails: outbox.countUnsent,
        failedEmails: outbox.countFailed,
      })
    : undefined;
  if (metrics) registerMetrics(app, { metrics, token: config.METRICS_TOKEN! });
  const relay = createEmailRelay({
    outbox,
    transport: config.SMTP_URL
      ? createSmtpTransport(config.SMTP_URL, {
          from: config.EMAIL_FROM,
          replyTo: config.SUPPORT_EMAIL,
        })
      : createLogTransport(app.log),
    logger: app.log,
    intervalMs: config.EMAIL_RELAY_INTERVAL_MS,
    maxAttempts: config.EMAIL_MAX_ATTEMPTS,
    busy: traffic.busy,
    onSendFailure: metrics?.emailSendFailed,
  });
  const counters = createWindowCounters(database.db);
  const passwordAttempts = createPasswordAttempts(counters, {
    enabled: config.RATE_LIMITS,
    max: config.RATE_LIMIT_ACCOUNT_MAX,
    wideMax: config.RATE_LIMIT_ACCOUNT_WIDE_MAX,
    windowMs: config.RATE_LIMIT_WINDOW_MS,
  });
  /** How every email ends: the support address and the parent brands (settings). */
  const emailFooter = { supportEmail: config.SUPPORT_EMAIL, parentBrands: config.parentBrands };
  const accountRepository = createAccountRepository(database.db);
  const accountService = createAccountService({
    accounts: accountRepository,
    outbox,
    publicUrl: config.publicUrl,
    emailFooter,
    removeImages: removeImagesAfterCommit,
    verifyPassword: wiring.verifyPassword,
    passwordAttempts,
    onEmailQueued: () => relay.nudge(),
    beforeDelete: (ownerId) => wiring.cancelSubscriptions({ ownerId }),
  });
  const operatorRepository = createOperatorRepository(database.db);
  const secret = await resolveAuthSecret(config.AUTH_SECRET, config.DATA_DIR);
  const identity = createIdentity({
    config,
    secret,
    ambient,
    logger: app.log,
    callbacks: {
      passwordAccountCreated: accountService.issueVerification,
      passwordResetRequested: accountService.passwordResetRequested,
      guestLinked: accountService.guestLinked,
      passwordReset: passwordAttempts.reset,
      userDisabled: operatorRepository.isDisabled,
    },
  });

  // What profiles earn (ADR 031): counted in memory, written every INSIGHTS_FLUSH_MS.
  const insightsRepository = createInsightsRepository(database.db);
  const insightsTokens = unsubscribeTokens(secret, 'insights-monthly-email');
  const tally = createTally({
    write: insightsRepository.add,
    flushEveryMs: config.INSIGHTS_FLUSH_MS,
    perClientCap: config.INSIGHTS_CLIENT_CAP,
    perClientPerMinute: config.INSIGHTS_CLIENT_PER_MINUTE,
    logger: app.log,
  });
  const insights = createInsightsService({
    repository: insightsRepository,
    tally,
    userOf: async (headers) =>
      (await identity.api.getSession({ headers: fromNodeHeaders(headers) }))?.user.id ?? null,
    isOperator: async (userId) => {
      const access = await operatorRepository.access(userId);
      return Boolean(access?.operatorSince && !access.disabledAt);
    },
    tokens: insightsTokens,
    onCountError: (error) => app.log.error({ err: error }, 'a count could not be attributed'),
  });
  app.decorate('insights', { service: insights, flush: tally.flush });

  // The newsletter: double opt-in, a monthly digest, one-click unsubscribe (ADR 033).
  const newsletterRepository = createNewsletterRepository(database.db);
  const newsletterTokens = unsubscribeTokens(secret, 'newsletter');
  const newsletter = createNewsletterService({
    db: database.db,
    repository: newsletterRepository,
    outbox,
    tokens: newsletterTokens,
    publicUrl: config.publicUrl,
    emailFooter,
    onEmailQueued: () => relay.nudge(),
  });

  const newsletterDigests = createDigestSender({
    db: database.db,
    digests: createDigestRepository(database.db),
    newsletter: newsletterRepository,
    outbox,
    tokens: newsletterTokens,
    publicUrl: config.publicUrl,
    emailFooter,
    onEmailQueued: () => relay.nudge(),
  });

  // The Verified badge (ADR 032).
  const verificationRepository = createVerificationRepository();
  const verification = createVerificationService({
    db: database.db,
    repository: verificationRepository,
    organizations: organizationService,
    outbox,
    digests: codeDigests(secret),
    publicUrl: config.publicUrl,
    emailFooter,
    onEmailQueued: () => relay.nudge(),
  });

  const paymentRepository = createPaymentRepository(database.db);
  const providers = createPaymentProviders(config, database.db);
  const receiptRepository = createReceiptRepository(database.db);
  const fulfilment = createFulfilment({
    repository: paymentRepository,
    receipts: receiptRepository,
    outbox,
    publicUrl: config.publicUrl,
    emailFooter,
    graceDays: config.PAYMENT_GRACE_DAYS,
    onEmailQueued: () => relay.nudge(),
    logger: app.log,
  });
  const paymentService = createPaymentService({
    db: database.db,
    repository: paymentRepository,
    receipts: receiptRepository,
    providers,
    fulfilment,
    organizations: organizationService,
    counters,
    publicUrl: config.publicUrl,
    limits: {
      enabled: config.RATE_LIMITS,
      windowMs: config.RATE_LIMIT_WINDOW_MS,
      guestCodes: config.RATE_LIMIT_GUEST_CODE_MAX,
      checkouts: config.RATE_LIMIT_CHECKOUT_MAX,
    },
    logger: app.log,
  });
  await wiring.connect({ identity, payments: paymentService });
  const operatorService = createOperatorService({
    db: database.db,
    repository: operatorRepository,
    payments: paymentRepository,
    outbox,
    clearBadge: verificationRepository.clearBadge,
    newsletter: newsletterRepository,
    newsletterDigests,
    deleteOrganization: organizationService.deleteForOperator,
    deleteUser: accountService.deleteForOperator,
    providers,
    refreshSubscription: paymentService.refresh,
    publicUrl: config.publicUrl,
    emailFooter,
    onEmailQueued: () => relay.nudge(),
  });
  const lapses = subscriptionLapsesJob({
    repository: paymentRepository,
    fulfilment,
    refresh: paymentService.refresh,
    reminderDays: config.LAPSE_REMINDER_DAYS,
    logger: app.log,
  });

  const guestPurge = guestPurgeJob(accountRepository, config.GUEST_RETENTION_DAYS, app.log);
  const sentEmailBodies = sentEmailBodiesJob(outbox, app.log);
  const insightsRollup = insightsRollupJob(insightsRepository, app.log);
  const insightsSummaries = insightsSummariesJob({
    db: database.db,
    repository: insightsRepository,
    outbox,
    tokens: insightsTokens,
    publicUrl: config.publicUrl,
    emailFooter,
    onEmailQueued: () => relay.nudge(),
    logger: app.log,
  });
  const newsletterDigest = newsletterDigestJob({ sender: newsletterDigests, logger: app.log });
  // Saved searches and their alerts (ADR 034).
  const savedSearchRepository = createSavedSearchRepository(database.db);
  const savedSearches = createSavedSearchService({
    db: database.db,
    repository: savedSearchRepository,
    organizations: organizationService,
    tokens: unsubscribeTokens(secret, 'saved-search-alert'),
    requireOperator: operatorService.requireOperator,
  });
  const savedSearchAlerts = savedSearchAlertsJob({
    db: database.db,
    repository: savedSearchRepository,
    organizations: organizationService,
    savedSearches,
    outbox,
    publicUrl: config.publicUrl,
    emailFooter,
    onEmailQueued: () => relay.nudge(),
    busy: traffic.busy,
    logger: app.log,
  });
  const newsletterExpiry = newsletterExpiryJob(newsletterRepository, app.log);
  app.decorate('emailRelay', relay);
  app.decorate<Storage>('storage', storage);
  // Profiles' share cards, stored beside the images (ADR 026): served by seoRoutes, drawn ahead
  // by their job, their leftovers removed by the upload sweep.
  const shareImages = createShareImages({
    organizations: organizationRepository,
    reference: referenceService,
    storage,
    host: new URL(config.publicUrl).host,
    log: app.log,
    onDrawn: metrics?.shareCardDrawn,
  });
  const shareCards = shareCardsJob({
    db: database.db,
    cards: {
      // A profile unpublished or deleted: its stored pages go with its cards.
      refresh: async (organizationId) => {
        const done = await shareImages.refresh(organizationId);
        if (done === 'removed') await pageStore.remove(organizationId);
        return done;
      },
    },
    busy: traffic.busy,
    logger: app.log,
  });
  const uploadSweep = uploadSweepJob({
    db: database.db,
    storage,
    logger: app.log,
    cards: { prefix: SHARE_CARDS_PREFIX, liveCardCheck: shareImages.liveCardCheck },
  });
  app.decorate('jobs', {
    purgeGuests: guestPurge.runAt,
    applyLapses: lapses.runAt,
    dropSentEmailBodies: sentEmailBodies.run,
    sweepUploads: uploadSweep.runAt,
    rollUpInsights: insightsRollup.runAt,
    sendInsightsSummaries: insightsSummaries.runAt,
    sendNewsletterDigest: newsletterDigest.runAt,
    expireNewsletterAddresses: newsletterExpiry.runAt,
    sendSavedSearchAlerts: savedSearchAlerts.runAt,
    drawShareCards: shareCards.run,
    regenerateProfilePages: async () => (profilePages.job ? profilePages.job.run() : null),
  });
  app.decorate('payments', paymentService);
  const stopJobs: (() => void)[] = [];
  app.decorate('prepareDirectory', organizationService.prepareDirectory);
  app.decorate('prepareShareCards', shareImages.prepare);
  // Cards answered but not yet stored are stored first: onClose hooks run last added first, so
  // the Storage's own closes after this one.
  app.addHook('onClose', () => shareImages.settle());
  app.addHook('onReady', async () => {
    relay.start();
    tally.start();
    if (config.PERIODIC_JOBS) {
      stopJobs.push(
        startJobs(
          [
            guestPurge,
            lapses,
            sentEmailBodies,
            uploadSweep,
            insightsRollup,
            insightsSummaries,
            newsletterDigest,
            newsletterExpiry,
            savedSearchAlerts,
          ],
          config.JOBS_INTERVAL_MS,
          app.log,
          metrics?.jobRan,
        ),
        // Often: a newly published profile's card should be drawn before anyone shares it.
        startJobs([shareCards], config.SHARE_CARDS_INTERVAL_MS, app.log, metrics?.jobRan),
      );
      if (profilePages.job) {
        stopJobs.push(
          startJobs(
            [profilePages.job],
            config.PAGE_REGENERATION_INTERVAL_MS,
            app.log,
            metrics?.jobRan,
            PAGE_REGENERATION_FIRST_RUN_MS,
          ),
        );
      }
    }
  });
  app.addHook('onClose', async () => {
    for (const stop of stopJobs) stop();
    await relay.stop();
    await tally.stop();
  });

  // The settings every page shows (its footer, its canonical address): part of what a stored
  // page was rendered from (ADR 030).
  const siteSettings = {
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
    supportAddress: config.SUPPORT_ADDRESS,
    supportTimeZone: config.SUPPORT_TIME_ZONE,
    dataDeletionSubject: config.DATA_DELETION_SUBJECT,
    parentBrands: config.parentBrands,
  };

  const limits = routeRateLimits(config);
  if (config.RATE_LIMITS) {
    await app.register(rateLimit, {
      global: false,
      store: createPostgresStore(counters),
      errorResponseBuilder: rateLimitedError,
    });
  }

  await app.register(healthRoutes, { database, draining: () => shutdownDrain.draining });
  await app.register(
    async (api) => {
      // Public reads opt in by route config; every other read is private (ADR 016).
      await registerCacheControl(api, { directoryCacheMs: config.DIRECTORY_CACHE_MS });
      await api.register(identityRoutes, {
        identity,
        config,
        rateLimit: limits,
        passwordAttempts,
        onEmailQueued: () => relay.nudge(),
        emailHasPassword: accountRepository.emailHasPassword,
      });
      await api.register(accountRoutes, {
        identity,
        accounts: accountService,
        organizations: organizationService,
        rateLimit: limits,
      });
      await api.register(referenceRoutes, { reference: referenceService });
      await api.register(organizationRoutes, {
        organizations: organizationService,
        identity,
        insights,
      });
      await api.register(insightsRoutes, { insights, identity });
      await api.register(verificationRoutes, { verification, identity });
      await api.register(savedSearchRoutes, { savedSearches, identity });
      // Multipart bodies are parsed only here, where images are uploaded; elsewhere they are a 415.
      await api.register(async (images) => {
        await images.register(multipart, { limits: multipartLimits });
        await images.register(organizationImageRoutes, {
          identity,
          images: createOrganizationImageService({
            organizations: organizationService,
            storage,
            log: app.log,
          }),
        });
      });
      await api.register(reportRoutes, {
        identity,
        reports: createReportService({
          repository: createReportRepository(database.db),
          organizations: organizationService,
          keys: reporterKeys(secret),
          counters,
          limits: {
            enabled: config.RATE_LIMITS,
            windowMs: config.RATE_LIMIT_WINDOW_MS,
            perClient: config.RATE_LIMIT_REPORT_MAX,
            perProfile: config.RATE_LIMIT_REPORT_PROFILE_MAX,
          },
        }),
      });
      await api.register(paymentRoutes, { payments: paymentService, identity });
      await api.register(operatorRoutes, { operators: operatorService, identity });
      if (providers.stripe) {
        await api.register(paymentWebhookRoute, {
          payments: paymentService,
          stripe: providers.stripe.provider,
          webhookSecret: providers.stripe.webhookSecret,
          onEvent: metrics?.webhookEvent,
        });
      }
      await api.register(newsletterRoutes, {
        newsletter,
        rateLimit: limits('newsletter'),
      });
      await api.register(siteRoutes, { site: siteSettings });
    },
    { prefix: '/api' },
  );
  await app.register(seoRoutes, {
    publicUrl: config.publicUrl,
    organizations: organizationRepository,
    shareImages,
    insights,
  });
  await app.register(outboundRoute, { organizations: organizationService, insights });
  await app.register(webRoutes, {
    distDir: config.WEB_DIST_DIR ?? defaultWebDist,
    storage,
    publicUrl: config.publicUrl,
    organizations: organizationService,
    reference: referenceService,
    pageCache,
    pageStore,
    insights,
    renderedWith: JSON.stringify(siteSettings),
    busy: traffic.busy,
    onRegenerationJob: (job) => {
      profilePages.job = job;
    },
  });

  return app;
}
