import type { ModuleContext } from '../../assembly/context.ts';
import { routesOf } from '../../assembly/module-routes.ts';
import type { OrganizationService } from '../organizations/service.ts';
import { createMilestoneRepository } from './repository.ts';
import { milestoneRoutes } from './routes.ts';
import { createMilestoneService } from './service.ts';

/** An organization's dated milestones (ADR 042), shown with its profile. */
export function milestonesModule(
  context: ModuleContext,
  { organizations }: { organizations: OrganizationService },
) {
  const service = createMilestoneService({
    db: context.db,
    repository: createMilestoneRepository(context.db),
    organizations,
  });
  return { service, routes: routesOf(milestoneRoutes, { milestones: service }) };
}
