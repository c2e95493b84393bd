import type { FastifyPluginAsync } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';

/** Liveness answers without touching the database; readiness asks the database. */
export const healthRoutes: FastifyPluginAsync<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  app.get('/healthz', { logLevel: 'warn', schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn', schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ready' };
    } catch (error) {
      app.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
};
