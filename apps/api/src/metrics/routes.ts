import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './registry.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether the Authorization header carries the token. Both sides are hashed first, so the
 * comparison takes the same time whatever the header holds, its length included.
 */
function bearerMatches(header: string | undefined, tokenDigest: Buffer): boolean {
  const presented = /^Bearer (.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '';
  return timingSafeEqual(digest(presented), tokenDigest) && presented !== '';
}

/**
 * Counts every answer by route pattern and status, and serves GET /metrics to whoever presents
 * METRICS_TOKEN as a bearer token (ADR 023). Anyone else gets the same 404 as any unknown
 * address: nothing tells a visitor the route exists. Registered on the root app before the
 * other routes, so its hook sees them all.
 */
export function registerMetrics(
  app: FastifyInstance,
  { metrics, token }: { metrics: Metrics; token: string },
): void {
  const tokenDigest = digest(token);
  app.addHook('onResponse', async (request, reply) => {
    // Unmatched addresses share one label: a scanner's URLs must not each make a series.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestAnswered(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, tokenDigest)) return reply.callNotFound();
    const body = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(body);
  });
}
