import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../assembly/context.ts';
import { routesOf } from '../../assembly/module-routes.ts';
import { registerKeyGate } from './key-gate.ts';
import { createApiKeyRepository } from './repository.ts';
import { apiKeyRoutes } from './routes.ts';
import { createApiKeyService } from './service.ts';

/** API keys (ADR 055): the dashboard's routes, and the gate every public read passes. */
export function apiKeysModule(context: ModuleContext) {
  const service = createApiKeyService(createApiKeyRepository(context.db));
  return {
    service,
    routes: routesOf(apiKeyRoutes, { keys: service }),
    gate: (api: FastifyInstance) =>
      registerKeyGate(api, { keys: service, counters: context.counters, config: context.config }),
  };
}
