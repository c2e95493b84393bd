import { isIP } from 'node:net';
import { z } from 'zod';
import { booleanFlag } from './setting-kinds.ts';

/**
 * Which proxies may set X-Forwarded-For: nobody (the default, so a client cannot pick its own
 * address), a hop count, or a comma-separated list of addresses, CIDR ranges or proxy-addr's
 * names (loopback, linklocal, uniquelocal). Passed to Fastify's trustProxy as is.
 */
const proxyEntry =
  /^(loopback|linklocal|uniquelocal|[0-9.]+(\/\d{1,2})?|[0-9a-f:.]*:[0-9a-f:.]*(\/\d{1,3})?)$/i;
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    if (['', 'off', 'false', '0', 'none'].includes(value.toLowerCase())) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => {
      if (!proxyEntry.test(entry)) return true;
      const [address] = entry.split('/');
      return /^[0-9.:a-f]+$/i.test(address!) && isIP(address!) === 0;
    });
    if (bad.length > 0 || value.toLowerCase() === 'true') {
      context.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY is off, a hop count, or a comma-separated list of proxy addresses or CIDR ranges (not "true": that trusts every client)',
      });
      return z.NEVER;
    }
    return entries;
  });

const webConcurrencyRange = 'WEB_CONCURRENCY is a whole number of processes from 1 to 64';

/** Where the server listens, its database and data, its address and its logs. */
export const serverSettings = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  /** Proxies in front of the server whose X-Forwarded-For is believed (see README). */
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Seed demo organizations into an empty embedded database on start. Unset: on, except with
   * NODE_ENV=production, where a new database starts empty.
   */
  DEMO_DATA: booleanFlag.optional(),
  WEB_DIST_DIR: z.string().optional(),
};

/** Caches, page regeneration, shutdown, metrics and worker processes. */
export const servingSettings = {
  /**
   * How long caches in front (a CDN, the browser) may keep a directory list answer (0: ask again
   * every time). The server keeps no cache of its own since ADR 018.
   */
  DIRECTORY_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
  /**
   * Megabytes of rendered public pages each process keeps in memory, compressed (ADR 027): 5 to
   * 12 KB a page, so the default holds some 8,000 pages.
   */
  PAGE_CACHE_MB: z.coerce.number().positive().max(4096).default(64),
  /**
   * How often each process walks the published profiles and, while it serves no request,
   * renders the pages its host has not stored yet (DATA_DIR/pages, ADR 030).
   */
  PAGE_REGENERATION_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(5 * 60_000),
  /** After the drain, how long in-flight requests may take to finish before the process exits 1. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * After SIGTERM, how long the server keeps serving with /readyz at 503, so that a load balancer
   * checking it (every 5 s, out after 2 failures: README) stops sending before it stops
   * listening (ADR 036). 0: no drain. SIGINT, or a second signal, skips it.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(300_000).default(15_000),
  /**
   * The bearer token GET /metrics asks for (ADR 023). Unset, the route answers 404 to everyone.
   */
  METRICS_TOKEN: z
    .string()
    .min(32, 'METRICS_TOKEN must be at least 32 characters (openssl rand -hex 32)')
    .optional(),
  /**
   * Worker processes serving on one port (node:cluster). Above 1 it needs DATABASE_URL: the
   * embedded database belongs to the one process that opened it.
   */
  WEB_CONCURRENCY: z.coerce
    .number({ error: webConcurrencyRange })
    .int(webConcurrencyRange)
    .min(1, webConcurrencyRange)
    .max(64, webConcurrencyRange)
    .default(1),
};
