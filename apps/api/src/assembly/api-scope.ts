import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { registerCacheControl } from '../http/cache-control.ts';
import { registerCors } from '../http/cors.ts';
import { registerRouteAccess, type OperatorCaller } from '../http/route-access.ts';
import type { Identity } from '../identity/better-auth.ts';
import type { AuthSession } from '../identity/session.ts';
import type { ModuleRoutes } from './module-routes.ts';

/**
 * The JSON API under /api: public reads opt in to caching by route config and every other read
 * is private (ADR 016); each route says who may call it, and one hook reads the session. Public
 * reads answer other sites' pages and take API keys (ADR 055). The
 * modules' routes are registered in the order given, which is the OpenAPI document's order.
 */
export async function registerApi(
  app: FastifyInstance,
  options: {
    config: Config;
    identity: Identity;
    operatorGate: (session: AuthSession | null) => Promise<OperatorCaller>;
    /** Reads the API keys public reads may carry (ADR 055), once the session hook is in. */
    keyGate: (api: FastifyInstance) => void;
    routes: ModuleRoutes[];
  },
) {
  await app.register(
    async (api) => {
      await registerCacheControl(api, { directoryCacheMs: options.config.DIRECTORY_CACHE_MS });
      registerRouteAccess(api, options);
      registerCors(api);
      options.keyGate(api);
      for (const routes of options.routes) await routes(api);
    },
    { prefix: '/api' },
  );
}
