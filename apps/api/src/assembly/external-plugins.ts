import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createPostgresStore } from '../adapters/rate-limit/postgres-store.ts';
import { rateLimitedError } from '../adapters/rate-limit/route-limits.ts';
import type { WindowCounters } from '../adapters/rate-limit/window-counters.ts';
import type { Config } from '../config.ts';
import { answerCompression } from '../http/answer-compression.ts';
import { swaggerOptions } from '../http/openapi.ts';
import { setSecurityHeaders } from '../http/security-headers.ts';

/**
 * Compression, the security headers and the OpenAPI document. Every text answer (pages, JSON,
 * the OpenAPI document, the sitemap) is compressed as `answerCompression` says; build assets go
 * out precompressed at build time instead (ADR 014).
 */
export async function registerExternalPlugins(app: FastifyInstance, config: Config) {
  await app.register(compress, { global: true, ...answerCompression });
  app.addHook('onRequest', setSecurityHeaders);
  const limits = config.RATE_LIMITS
    ? {
        windowMinutes: config.RATE_LIMIT_WINDOW_MS / 60_000,
        publicMax: config.RATE_LIMIT_PUBLIC_API_MAX,
        keyMax: config.RATE_LIMIT_API_KEY_MAX,
      }
    : null;
  await app.register(swagger, swaggerOptions(config.publicUrl, limits));
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header,
  });
}

/** The per-route limits (ADR 009), counted in the database so every process shares them. */
export async function registerRateLimits(
  app: FastifyInstance,
  config: Config,
  counters: WindowCounters,
) {
  if (!config.RATE_LIMITS) return;
  await app.register(rateLimit, {
    global: false,
    store: createPostgresStore(counters),
    errorResponseBuilder: rateLimitedError,
  });
}
