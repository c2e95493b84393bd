import cluster from 'node:cluster';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { JobOutcome } from '../jobs/scheduler.ts';

/** What the gauges read when Prometheus scrapes: each a cheap read, none kept up to date. */
export interface MetricSources {
  directoryStatus(): Promise<{
    organizations: number;
    versionsBehind: number;
    caughtUpAt: Date | null;
  }>;
  unsentEmails(): Promise<number>;
  pageCache(): { bytes: number; pages: number; hits: number; misses: number; renders: number };
  failedEmails(): Promise<number>;
}

/** Seconds: a directory page answers in milliseconds, an image upload in a second or two. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * This process's metrics (ADR 023): its own registry, not prom-client's global one, so each app
 * a test builds counts alone. Counters are counted where things happen; gauges are read at
 * scrape time.
 */
export function createMetrics() {
  // Filled by the modules that own each figure while the app is built (readFrom).
  const sources: Partial<MetricSources> = {};
  const registry = new Registry();
  // Each WEB_CONCURRENCY worker counts its own, and a scrape reaches one of them: the label
  // keeps two workers' counters apart rather than one counter that seems to jump back.
  if (cluster.worker) registry.setDefaultLabels({ worker: String(cluster.worker.id) });
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Periodic job runs by job and outcome (done, skipped: another process held it, failed)',
    labelNames: ['job', 'outcome'] as const,
    registers,
  });
  const emailSendFailures = new Counter({
    name: 'email_send_failures_total',
    help: 'Attempts to send an email that the mail server refused or could not take',
    registers,
  });
  const shareCardsDrawn = new Counter({
    name: 'share_cards_drawn_total',
    help: 'Share cards drawn, by what asked (request: a fetch found none stored; job: drawn ahead)',
    labelNames: ['by'] as const,
    registers,
  });
  const webhookEvents = new Counter({
    name: 'payment_webhook_events_total',
    help: 'Payment provider events by type and outcome (applied, duplicate, ignored, rejected, failed)',
    labelNames: ['type', 'outcome'] as const,
    registers,
  });

  // The three directory gauges share one read of the database's version per scrape.
  let directoryRead: ReturnType<MetricSources['directoryStatus']> | null = null;
  const directoryStatus = () =>
    (directoryRead ??= sources.directoryStatus!().finally(() => {
      directoryRead = null;
    }));
  new Gauge({
    name: 'directory_organizations',
    help: 'Organizations held in the directory index (every published one)',
    registers,
    async collect() {
      this.set((await directoryStatus()).organizations);
    },
  });
  new Gauge({
    name: 'directory_versions_behind',
    help: 'Directory versions the index has not applied yet (it catches up on the next list request)',
    registers,
    async collect() {
      this.set((await directoryStatus()).versionsBehind);
    },
  });
  new Gauge({
    name: 'directory_caught_up_timestamp_seconds',
    help: 'When the directory index last applied changes from the database (Unix time)',
    registers,
    async collect() {
      const { caughtUpAt } = await directoryStatus();
      if (caughtUpAt) this.set(caughtUpAt.getTime() / 1000);
    },
  });
  new Gauge({
    name: 'page_cache_bytes',
    help: 'Bytes of rendered pages this process keeps (compressed), within PAGE_CACHE_MB',
    registers,
    collect() {
      this.set(sources.pageCache!().bytes);
    },
  });
  new Gauge({
    name: 'page_cache_pages',
    help: 'Rendered pages this process keeps',
    registers,
    collect() {
      this.set(sources.pageCache!().pages);
    },
  });
  new Counter({
    name: 'page_cache_requests_total',
    help: 'Server-rendered pages asked for: served as kept (hit) or rendered (miss)',
    labelNames: ['outcome'],
    registers,
    collect() {
      const { hits, misses } = sources.pageCache!();
      this.reset();
      this.inc({ outcome: 'hit' }, hits);
      this.inc({ outcome: 'miss' }, misses);
    },
  });
  new Counter({
    name: 'page_renders_total',
    help: 'Server renders of pages (kept or not: 404 pages, redirects, pages missing data)',
    registers,
    collect() {
      this.reset();
      this.inc(sources.pageCache!().renders);
    },
  });
  new Gauge({
    name: 'email_outbox_unsent',
    help: 'Emails in the outbox not sent yet (due now or waiting to be tried again)',
    registers,
    async collect() {
      this.set(await sources.unsentEmails!());
    },
  });
  new Gauge({
    name: 'email_outbox_failed',
    help: "Emails given up on after EMAIL_MAX_ATTEMPTS, until resent ('npm run cli -- email failed')",
    registers,
    async collect() {
      this.set(await sources.failedEmails!());
    },
  });

  return {
    registry,
    /** Where the gauges read their figures at scrape time, as each module registers them. */
    readFrom(more: Partial<MetricSources>) {
      Object.assign(sources, more);
    },
    /** `route` is the matched pattern (/api/organizations/:id), never the raw URL. */
    requestAnswered(method: string, route: string, status: number, seconds: number) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    jobRan: (job: string, outcome: JobOutcome) => jobRuns.inc({ job, outcome }),
    emailSendFailed: () => emailSendFailures.inc(),
    webhookEvent: (type: string, outcome: string) => webhookEvents.inc({ type, outcome }),
    shareCardDrawn: (by: 'request' | 'job') => shareCardsDrawn.inc({ by }),
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
