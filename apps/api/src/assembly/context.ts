import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  createOutboxRepository,
  type OutboxRepository,
} from '../adapters/email/outbox-repository.ts';
import { createEmailRelay, type EmailRelay } from '../adapters/email/relay.ts';
import { sentEmailBodiesJob } from '../adapters/email/sent-bodies-job.ts';
import type { EmailFooter } from '../adapters/email/templates.ts';
import { createLogTransport, createSmtpTransport } from '../adapters/email/transports.ts';
import {
  createWindowCounters,
  type WindowCounters,
} from '../adapters/rate-limit/window-counters.ts';
import { createStorage } from '../adapters/storage/index.ts';
import type { Storage } from '../adapters/storage/storage.ts';
import type { Config } from '../config.ts';
import { withAmbientTransactions, type AmbientTransactions } from '../db/ambient-transaction.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { resolveAuthSecret } from '../identity/secret.ts';
import type { VisitorTraffic } from '../http/visitor-traffic.ts';
import { alertCodes } from '../metrics/alert-codes.ts';
import { createMetrics, type Metrics } from '../metrics/registry.ts';
import { createJobRegistry, type JobRegistry } from './job-registry.ts';
import { createModuleEvents, type ModuleEvents } from './module-events.ts';

/**
 * How a module sends email: it queues a message in the outbox inside its own transaction, with
 * the footer every email ends with, then calls `queued()` so the relay sends it at once.
 */
export interface Mailer {
  outbox: OutboxRepository;
  footer: EmailFooter;
  publicUrl: string;
  queued(): void;
}

/** What every module is built from: one typed context, made once per app. */
export interface ModuleContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  ambient: AmbientTransactions;
  log: FastifyBaseLogger;
  storage: Storage;
  /**
   * Removes stored images after their rows' transaction has committed: a failure then must not
   * turn a done deletion into an error answer, so the files are logged for an operator instead.
   */
  removeImagesAfterCommit(urls: string[]): Promise<void>;
  mailer: Mailer;
  relay: EmailRelay;
  /** Null without METRICS_TOKEN: nothing is counted and GET /metrics is not a route (ADR 023). */
  metrics: Metrics | null;
  counters: WindowCounters;
  /** The auth secret, from which identity, unsubscribe links and reporter keys are signed. */
  secret: string;
  /** This process's requests, which background work gives way to. */
  traffic: VisitorTraffic;
  events: ModuleEvents;
  jobs: JobRegistry;
}

/** Makes the context: storage, the outbox and its relay, metrics, counters, the secret. */
export async function createModuleContext(
  app: FastifyInstance,
  config: Config,
  database: DatabaseHandle,
  traffic: VisitorTraffic,
): Promise<ModuleContext> {
  const storage = createStorage(config);
  app.addHook('onClose', () => storage.close());
  const metrics = config.METRICS_TOKEN ? createMetrics() : null;
  const outbox = createOutboxRepository(database.db);
  metrics?.readFrom({ unsentEmails: outbox.countUnsent, failedEmails: outbox.countFailed });
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
  const jobs = createJobRegistry();
  const sentBodies = sentEmailBodiesJob(outbox, app.log);
  jobs.add('dropSentEmailBodies', sentBodies, sentBodies.run, { everyMs: config.JOBS_INTERVAL_MS });
  return {
    config,
    database,
    db: database.db,
    ambient: withAmbientTransactions(database.db),
    log: app.log,
    storage,
    removeImagesAfterCommit: (urls) =>
      storage
        .removeImages(urls)
        .catch((error: unknown) =>
          app.log.error(
            { err: error, urls, code: alertCodes.storageCleanupFailed },
            'stored images could not be removed',
          ),
        ),
    mailer: {
      outbox,
      footer: { supportEmail: config.SUPPORT_EMAIL, parentBrands: config.parentBrands },
      publicUrl: config.publicUrl,
      queued: () => relay.nudge(),
    },
    relay,
    metrics,
    counters: createWindowCounters(database.db),
    secret: await resolveAuthSecret(config.AUTH_SECRET, config.DATA_DIR),
    traffic,
    events: createModuleEvents(),
    jobs,
  };
}

/** The options most services that send email take, from the context's mailer. */
export const mailOptions = ({ mailer }: ModuleContext) => ({
  outbox: mailer.outbox,
  publicUrl: mailer.publicUrl,
  emailFooter: mailer.footer,
  onEmailQueued: mailer.queued,
});
