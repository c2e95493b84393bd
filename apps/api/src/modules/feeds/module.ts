import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../assembly/context.ts';
import type { OrganizationService } from '../organizations/service.ts';
import type { ReferenceService } from '../reference/service.ts';
import type { RoleListing } from '../roles/role-list/role-listing.ts';
import { createNewlyPublished } from './newly-published.ts';
import { feedRoutes } from './routes.ts';

/**
 * Atom and RSS feeds of newly published organizations and new open roles (ADR 053), served
 * outside /api beside the pages: a feed reader follows a filtered directory.
 */
export function feedsModule(
  context: ModuleContext,
  deps: {
    organizations: Pick<OrganizationService, 'allListed' | 'listedAmong'>;
    roles: Pick<RoleListing, 'listOpenRoles'>;
    reference: Pick<ReferenceService, 'snapshot'>;
  },
) {
  const { config } = context;
  const newlyPublished = createNewlyPublished(context.db, deps.organizations);
  return {
    routes: (app: FastifyInstance) =>
      app.register(feedRoutes, {
        publicUrl: config.publicUrl,
        directoryCacheMs: config.DIRECTORY_CACHE_MS,
        newlyPublished,
        roles: deps.roles,
        reference: deps.reference,
      }),
  };
}
