import type { ModuleContext } from '../../assembly/context.ts';
import { routesOf } from '../../assembly/module-routes.ts';
import type { OrganizationService } from '../organizations/service.ts';
import { createActivityQueries } from './queries.ts';
import { activityRoutes } from './routes.ts';
import { createActivityService } from './service.ts';

/**
 * An organization's activity (ADR 048). Entries are written by the modules that make the
 * changes, in their transactions (recording.ts); this module reads them for the owners.
 */
export function activityModule(
  context: ModuleContext,
  { organizations }: { organizations: OrganizationService },
) {
  const service = createActivityService(createActivityQueries(context.db), organizations);
  return { routes: routesOf(activityRoutes, { activity: service }) };
}
