import { z } from 'zod';

/**
 * The only reader of process.env. Parsed once at start-up; a bad value stops the server with
 * a message naming the setting, rather than surfacing later as a confusing failure.
 */
const booleanFlag = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((value) => value === 'on' || value === 'true' || value === '1');

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed demo organizations into an empty embedded database on start. */
  DEMO_DATA: booleanFlag.default(true),
  WEB_DIST_DIR: z.string().optional(),
  SUPPORT_EMAIL: z.email().default('support@example.org'),
  SUPPORT_PHONE: z.string().default('+1 (555) 010-0100'),
  SUPPORT_ADDRESS: z.string().default('100 Example Street, Suite 200, Springfield, EX 00000'),
  DATA_DELETION_SUBJECT: z.string().default('Data Deletion Request - Scaling Impact'),
  /** How long the directory reuses a filter's total and facet counts (0: never). */
  DIRECTORY_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
});

export type Config = z.infer<typeof ConfigSchema> & { publicUrl: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new Error(`Invalid configuration (see .env.example):\n${problems}`);
  }
  const config = parsed.data;
  const publicUrl = (
    config.PUBLIC_URL ??
    `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`
  ).replace(/\/$/, '');
  return { ...config, publicUrl };
}
