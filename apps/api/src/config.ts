import { existsSync } from 'node:fs';
import { z } from 'zod';
import type { ParentBrands } from '@si/contracts';
import { emailSettings } from './config/email-settings.ts';
import { identitySettings } from './config/identity-settings.ts';
import { jobSettings } from './config/job-settings.ts';
import { paymentSettings } from './config/payment-settings.ts';
import { productionProblems } from './config/production-checks.ts';
import { rateLimitSettings } from './config/rate-limit-settings.ts';
import { serverSettings, servingSettings } from './config/server-settings.ts';
import { siteSettings } from './config/site-settings.ts';
import { storageSettings } from './config/storage-settings.ts';
import { webhookSettings } from './config/webhook-settings.ts';

/**
 * The only reader of process.env. Parsed once at start-up; a bad value stops the server with
 * a message naming the setting, rather than surfacing later as a confusing failure. The settings are
 * described by area in config/; their order here is the order their problems are listed in.
 */
export const ConfigSchema = z.object({
  ...serverSettings,
  ...siteSettings,
  ...servingSettings,
  ...identitySettings,
  ...emailSettings,
  ...rateLimitSettings,
  ...paymentSettings,
  ...jobSettings,
  ...storageSettings,
  ...webhookSettings,
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
