import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';
import { timeZone } from './time-zone-setting.ts';
import type { ParentBrands } from '@si/contracts';

/**
 * The only reader of process.env. Parsed once at start-up; a bad value stops the server with
 * a message naming the setting, rather than surfacing later as a confusing failure.
 */
const booleanFlag = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((value) => value === 'on' || value === 'true' || value === '1');

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

/** A parent company's name: not blank. */
const brandName = z.string().trim().min(1, 'a parent brand needs a name');
/** A parent company's website (http or https), or empty for its name without a link. */
const brandUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/ })]);

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  /** Proxies whose X-Forwarded-For is believed (docs/operations/configuration.md). */
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Seed demo organizations into an empty embedded database on start. Unset: on, except with
   * NODE_ENV=production, where a new database starts empty.
   */
  DEMO_DATA: booleanFlag.optional(),
  WEB_DIST_DIR: z.string().optional(),
  SUPPORT_EMAIL: z.email().default('support@example.org'),
  SUPPORT_PHONE: z.string().default('+1 (555) 010-0100'),
  SUPPORT_ADDRESS: z.string().default('100 Example Street, Suite 200, Springfield, EX 00000'),
  SUPPORT_TIME_ZONE: timeZone.default('UTC'),
  DATA_DELETION_SUBJECT: z.string().default('Data Deletion Request - Scaling Impact'),
  /**
   * The two parent companies the product is a brand of (docs/product.md#who-it-is-for), shown on About,
   * Contact, Privacy, the footer and in emails. The defaults are placeholders, no real names.
   */
  PARENT_EDUCATION_NAME: brandName.default('Example Education Company'),
  PARENT_EDUCATION_URL: brandUrl.default('https://education.example.org'),
  PARENT_HIRING_NAME: brandName.default('Example Hiring Platform'),
  PARENT_HIRING_URL: brandUrl.default('https://hiring.example.org'),
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
   * checking it (every 5 s, out after 2 failures: docs/operations/scaling.md) stops sending
   * before it stops listening (ADR 036). 0: no drain. SIGINT, or a second signal, skips it.
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

  /**
   * Signs session cookies and OAuth state. Without it the embedded default keeps a random
   * secret in DATA_DIR; set it (the same value) on every process of a scaled-out deployment.
   */
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** OpenID Connect discovery document; tests point it at a local provider. */
  GOOGLE_DISCOVERY_URL: z
    .url()
    .default('https://accounts.google.com/.well-known/openid-configuration'),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  /** GitHub's OAuth host (authorize, access_token) and REST API; tests point them at a stand-in. */
  GITHUB_OAUTH_URL: z.url().default('https://github.com'),
  GITHUB_API_URL: z.url().default('https://api.github.com'),

  /** smtp:// or smtps:// URL of the mail server. Without it, emails are written to the log. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  EMAIL_FROM: z.string().min(3).default('Scaling Impact <no-reply@example.org>'),
  /** How often the relay looks for unsent email (it is also woken when one is written). */
  EMAIL_RELAY_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
  /**
   * Attempts before an email is failed (`npm run cli -- email failed` lists it, `email resend`
   * sends it again). With the backoff (5 s doubling), 10 attempts span about 43 minutes: a
   * password reset link, good for an hour, is still worth sending at the last one.
   */
  EMAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),

  /** off switches every rate limit off, for load and acceptance runs. */
  RATE_LIMITS: booleanFlag.default(true),
  RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(15 * 60_000),
  /** Attempts per client address per window: sign-in, sign-up, password reset, resend. */
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().min(1).default(20),
  /** Guest sessions created per client address per window. */
  RATE_LIMIT_GUEST_MAX: z.coerce.number().int().min(1).default(30),
  /** Newsletter sign-ups per client address per window. */
  RATE_LIMIT_NEWSLETTER_MAX: z.coerce.number().int().min(1).default(10),
  /**
   * Password checks per account and client address per window (sign-in, password change,
   * account deletion); a right password starts that address's count again (ADR 035).
   */
  RATE_LIMIT_ACCOUNT_MAX: z.coerce.number().int().min(1).default(5),
  /**
   * Password checks per account per window from all the addresses it has not signed in from
   * together; its known addresses stay outside this ceiling (ADR 035).
   */
  RATE_LIMIT_ACCOUNT_WIDE_MAX: z.coerce.number().int().min(1).default(100),

  /** Wrong guest codes one user may try per window (RATE_LIMIT_WINDOW_MS). */
  RATE_LIMIT_GUEST_CODE_MAX: z.coerce.number().int().min(1).default(10),
  /** Checkouts one user may start per window (each one calls the payment provider). */
  RATE_LIMIT_CHECKOUT_MAX: z.coerce.number().int().min(1).default(30),
  /** Reports of profiles sent from one client address per window (ADR 029). */
  RATE_LIMIT_REPORT_MAX: z.coerce.number().int().min(1).default(5),
  /** Reports of one profile per window, from every client together (ADR 029). */
  RATE_LIMIT_REPORT_PROFILE_MAX: z.coerce.number().int().min(1).default(10),

  /**
   * Stripe. Without STRIPE_SECRET_KEY the built-in test checkout runs (the embedded default).
   * STRIPE_WEBHOOK_SECRET is the signing secret of the webhook endpoint
   * <PUBLIC_URL>/api/payments/webhook. Price ids are optional: without them each checkout
   * names the plan's amount itself.
   */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'STRIPE_SECRET_KEY is a secret (sk_) or restricted (rk_) key')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_', 'STRIPE_WEBHOOK_SECRET starts with whsec_')
    .optional(),
  STRIPE_PRICE_MONTHLY: z.string().startsWith('price_').optional(),
  STRIPE_PRICE_ANNUAL: z.string().startsWith('price_').optional(),
  /** Stripe's API address; tests point it at a local stand-in. Unset: api.stripe.com. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Stripe Tax at checkout (opt-in): tax calculated by Stripe, the billing address and an
   * optional tax id collected, and both saved on the customer. Needs Stripe Tax set up in the
   * dashboard (docs/operations/payments.md).
   */
  STRIPE_AUTOMATIC_TAX: booleanFlag.default(false),
  /**
   * Stripe promotion codes at checkout (opt-in): a field on Stripe's page for codes made in
   * Stripe's dashboard. The product's own guest codes are apart from it
   * (docs/operations/payments.md).
   */
  STRIPE_PROMOTION_CODES: booleanFlag.default(false),
  /**
   * The built-in test checkout publishes without taking money, so a production server refuses
   * to start on it unless this says so (a staging or demo deployment).
   */
  TEST_CHECKOUT_IN_PRODUCTION: booleanFlag.default(false),
  /** Days a profile stays published after a renewal payment first fails. */
  PAYMENT_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  /** How many days before a profile is unpublished its owner is emailed. */
  LAPSE_REMINDER_DAYS: z.coerce.number().int().min(1).max(30).default(3),

  /** Guests without activity for this many days are deleted (unless they own data). */
  GUEST_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  /** Whether this process runs the periodic jobs; off where they are run by hand (tests). */
  PERIODIC_JOBS: booleanFlag.default(true),
  /** How often the periodic jobs (guest purge, expired counters, subscription lapses, upload sweep) run. */
  JOBS_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(60 * 60_000),
  /**
   * How often the share-cards job looks for profiles published or changed since, and draws their
   * link-preview cards ahead of the first fetch (ADR 026).
   */
  SHARE_CARDS_INTERVAL_MS: z.coerce.number().int().min(1000).default(10_000),

  /**
   * Profile insights (ADR 031): counts are held in memory and written this often (ms). What a
   * process holds when it is killed is lost, at most this much.
   */
  INSIGHTS_FLUSH_MS: z.coerce.number().int().min(100).default(5_000),
  /** Times one client address is counted per organization, metric and day (a flood is capped). */
  INSIGHTS_CLIENT_CAP: z.coerce.number().int().min(1).default(10),
  /** Counts one client address adds per minute across organizations (beyond: not counted). */
  INSIGHTS_CLIENT_PER_MINUTE: z.coerce.number().int().min(1).default(2_000),

  /**
   * Object storage for uploaded images (any S3-compatible service). Without S3_BUCKET, images
   * are files under DATA_DIR/uploads. Stored URLs are /uploads/<key> either way.
   */
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** The service's address for other S3-compatible services (MinIO, R2, ...); unset: AWS. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** Unset: the AWS SDK's own credential chain (environment, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (endpoint/bucket/key) rather than the host name; most non-AWS services. */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** Where the bucket's objects are public (a CDN): /uploads/<key> redirects there. */
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
});

export type Config = Omit<z.infer<typeof ConfigSchema>, 'DEMO_DATA'> & {
  DEMO_DATA: boolean;
  publicUrl: string;
  /** PARENT_* as the site settings and emails give them (an empty URL: null). */
  parentBrands: ParentBrands;
};

/** A setting the server cannot start on; its message names every one, a line each. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration (see .env.example):\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Mail domains reserved for examples and tests (RFC 2606): nobody receives mail from them, and
 * providers treat such a sender as spam, so verification and reset emails would not arrive.
 */
const reservedMailDomains = ['example.com', 'example.net', 'example.org'];
const reservedTopLevelDomains = ['example', 'test', 'invalid', 'localhost'];
const isReservedMailDomain = (domain: string) =>
  reservedMailDomains.some((reserved) => domain === reserved || domain.endsWith(`.${reserved}`)) ||
  reservedTopLevelDomains.includes(domain.split('.').at(-1)!);
/** The domain of `Name <address>` or a bare address; null when there is no address. */
function mailDomainOf(from: string): string | null {
  const address = /<([^<>]*)>\s*$/.exec(from)?.[1] ?? from;
  const at = address.lastIndexOf('@');
  const domain =
    at > 0
      ? address
          .slice(at + 1)
          .trim()
          .toLowerCase()
          .replace(/\.$/, '')
      : '';
  return domain || null;
}

/** Hosts where http is fine: a trial on the machine itself, where no cookie crosses a network. */
const localHosts = ['localhost', '127.0.0.1', '[::1]'];

/**
 * What a production server refuses to start on (docs/operations/production.md): settings that
 * would take no money, send no mail, or leave session cookies without Secure. A line naming the
 * setting each.
 * The Stripe prices are checked against Stripe itself when the server starts (server.ts).
 */
function productionProblems(config: z.infer<typeof ConfigSchema>): string[] {
  const problems: string[] = [];
  const demo = '; set TEST_CHECKOUT_IN_PRODUCTION=on for a demo deployment';
  if (!config.STRIPE_SECRET_KEY && !config.TEST_CHECKOUT_IN_PRODUCTION) {
    problems.push(
      `STRIPE_SECRET_KEY: required with NODE_ENV=production (the built-in test checkout publishes for free)${demo}`,
    );
  }
  if (
    /^(sk|rk)_test_/.test(config.STRIPE_SECRET_KEY ?? '') &&
    !config.TEST_CHECKOUT_IN_PRODUCTION
  ) {
    problems.push(
      `STRIPE_SECRET_KEY: a test key with NODE_ENV=production (test cards would publish profiles for free); use a live key${demo}`,
    );
  }
  // Production charges the prices set up in Stripe's dashboard, which the start checks against
  // the plans (server.ts); checkouts that name their own amounts are for development.
  if (config.STRIPE_SECRET_KEY) {
    for (const name of ['STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_ANNUAL'] as const) {
      if (!config[name]) {
        problems.push(
          `${name}: required with NODE_ENV=production and Stripe (the price id of the plan in Stripe's dashboard, checked at start to charge what the plan page says)`,
        );
      }
    }
  }
  if (!config.SMTP_URL) {
    problems.push(
      'SMTP_URL: required with NODE_ENV=production (without it emails only go to the log, so nobody can verify an account or reset a password)',
    );
  }
  const fromDomain = mailDomainOf(config.EMAIL_FROM);
  if (!fromDomain) {
    problems.push('EMAIL_FROM: not an email address (Name <address@your-domain> or an address)');
  } else if (isReservedMailDomain(fromDomain)) {
    problems.push(
      `EMAIL_FROM: ${fromDomain} is reserved for examples, so mail from it is not delivered; use an address at your own domain`,
    );
  }
  // Shown on every page as the contact address and set as every email's Reply-To.
  const supportDomain = mailDomainOf(config.SUPPORT_EMAIL);
  if (supportDomain && isReservedMailDomain(supportDomain)) {
    problems.push(
      `SUPPORT_EMAIL: ${supportDomain} is reserved for examples, so visitors' and owners' replies would be lost; use an address at your own domain`,
    );
  }
  if (!config.PUBLIC_URL) {
    problems.push(
      "PUBLIC_URL: required with NODE_ENV=production (links in emails, sitemaps and Stripe's return pages are built from it)",
    );
  } else {
    const url = new URL(config.PUBLIC_URL);
    if (url.protocol !== 'https:' && !localHosts.includes(url.hostname)) {
      problems.push(
        'PUBLIC_URL: must be https with NODE_ENV=production (session cookies are Secure only on https); http is for localhost only',
      );
    }
  }
  return problems;
}

/**
 * Adds the settings of a `.env` file in the working folder, when there is one, to process.env
 * (Node's own parser). A variable already in the environment wins over the file's line.
 */
export function loadEnvFile(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const config = parsed.data;
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(['S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither']);
  }
  if (Boolean(config.STRIPE_SECRET_KEY) !== Boolean(config.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(['STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: set both or neither']);
  }
  // Switches of Stripe's own checkout: on the built-in test checkout they would do nothing.
  const stripeOnly = (['STRIPE_AUTOMATIC_TAX', 'STRIPE_PROMOTION_CODES'] as const).filter(
    (name) => config[name] && !config.STRIPE_SECRET_KEY,
  );
  if (stripeOnly.length > 0) {
    throw new ConfigError(
      stripeOnly.map(
        (name) =>
          `${name}: on without STRIPE_SECRET_KEY (it changes Stripe's checkout; the built-in test checkout has none of it)`,
      ),
    );
  }
  const production = config.NODE_ENV === 'production';
  if (production) {
    const problems = productionProblems(config);
    if (problems.length > 0) throw new ConfigError(problems);
  }
  const publicUrl = (
    config.PUBLIC_URL ??
    `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`
  ).replace(/\/$/, '');
  const parentBrands: ParentBrands = {
    education: { name: config.PARENT_EDUCATION_NAME, url: config.PARENT_EDUCATION_URL || null },
    hiring: { name: config.PARENT_HIRING_NAME, url: config.PARENT_HIRING_URL || null },
  };
  return { ...config, DEMO_DATA: config.DEMO_DATA ?? !production, publicUrl, parentBrands };
}
