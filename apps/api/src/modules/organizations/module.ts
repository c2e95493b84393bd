import type { ModuleContext } from '../../assembly/context.ts';
import { routesOf } from '../../assembly/module-routes.ts';
import type { InsightsService } from '../insights/service.ts';
import type { ReferenceService } from '../reference/service.ts';
import { createOrganizationRepository } from './repository.ts';
import { memberRoutes } from './member-routes.ts';
import { organizationRoutes } from './routes.ts';
import { createOrganizationService } from './service.ts';

/** Organizations: their profiles, their owners' edits, and the directory that lists them. */
export function organizationsModule(
  context: ModuleContext,
  { reference }: { reference: ReferenceService },
) {
  const repository = createOrganizationRepository(context.db);
  const service = createOrganizationService(repository, reference, {
    removeImages: context.removeImagesAfterCommit,
    beforeDelete: (organizationId) =>
      context.events.announce('organizationDeleting', { organizationId }),
  });
  context.metrics?.readFrom({ directoryStatus: service.directoryStatus });
  return {
    repository,
    service,
    routes: (insights: Pick<InsightsService, 'count'>) =>
      routesOf(organizationRoutes, { organizations: service, insights }),
    memberRoutes: routesOf(memberRoutes, { organizations: service }),
  };
}
