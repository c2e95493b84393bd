import type { ModuleContext } from '../../assembly/context.ts';
import { routesOf } from '../../assembly/module-routes.ts';
import { createReferenceRepository } from './repository.ts';
import { referenceRoutes } from './routes.ts';
import { createReferenceService } from './service.ts';

/** Categories, countries and plans: read-only reference data. */
export function referenceModule(context: ModuleContext) {
  const service = createReferenceService(createReferenceRepository(context.db));
  return { service, routes: routesOf(referenceRoutes, { reference: service }) };
}
