import type { FastifyPluginAsync } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';

/**
 * Liveness answers without touching the database; readiness asks the database, and answers 503
 * from a SIGTERM on, while the server still serves, so that a load balancer stops sending it
 * new visitors before it stops listening (ADR 036).
 */
export const healthRoutes: FastifyPluginAsync<{
  database: DatabaseHandle;
  draining: () => boolean;
}> = async (app, { database, draining }) => {
  app.get('/healthz', { logLevel: 'warn', schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn', schema: { hide: true } }, async (_request, reply) => {
    if (draining()) return reply.code(503).send({ status: 'shutting-down' });
    try {
      await database.ping();
      return { status: 'ready' };
    } catch (error) {
      app.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
};
