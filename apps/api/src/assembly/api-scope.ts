import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { registerCacheControl } from '../http/cache-control.ts';
import { registerRouteAccess, type OperatorCaller } from '../http/route-access.ts';
import type { Identity } from '../identity/better-auth.ts';
import type { AuthSession } from '../identity/session.ts';
import type { ModuleRoutes } from './module-routes.ts';

/**
 * The JSON API under /api: public reads opt in to caching by route config and every other read
 * is private (ADR 016); each route says who may call it, and one hook reads the session. The
 * modules' routes are registered in the order given, which is the OpenAPI document's order.
 */
export async function registerApi(
  app: FastifyInstance,
  options: {
    config: Config;
    identity: Identity;
    operatorGate: (session: AuthSession | null) => Promise<OperatorCaller>;
    routes: ModuleRoutes[];
  },
) {
  await app.register(
    async (api) => {
      await registerCacheControl(api, { directoryCacheMs: options.config.DIRECTORY_CACHE_MS });
      registerRouteAccess(api, options);
      for (const routes of options.routes) await routes(api);
    },
    { prefix: '/api' },
  );
}
