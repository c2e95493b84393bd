import type { ModuleContext } from '../../assembly/context.ts';
import { routesOf } from '../../assembly/module-routes.ts';
import type { OrganizationService } from '../organizations/service.ts';
import type { ReferenceService } from '../reference/service.ts';
import { createRoleRepository } from './repository.ts';
import { createRolePageQueries } from './role-page-queries.ts';
import { roleListRoutes } from './role-list/role-list-routes.ts';
import { createRoleListing } from './role-list/role-listing.ts';
import { roleRoutes } from './routes.ts';
import { createRoleService } from './service.ts';

/**
 * An organization's open roles (ADR 042): posted, closed and reopened by its owner; and the
 * list of every open role of published organizations (ADR 044).
 */
export function rolesModule(
  context: ModuleContext,
  { organizations, reference }: { organizations: OrganizationService; reference: ReferenceService },
) {
  const repository = createRoleRepository(context.db);
  const service = createRoleService({ repository, organizations, reference });
  const listing = createRoleListing({ db: context.db, organizations, reference });
  const routes = [routesOf(roleRoutes, { roles: service }), routesOf(roleListRoutes, { listing })];
  return {
    repository,
    service,
    listing,
    /** The role pages' and the sitemap's reads (pages/role-pages.ts, pages/seo-routes.ts). */
    pageQueries: createRolePageQueries(context.db),
    routes: async (scope: Parameters<(typeof routes)[number]>[0]) => {
      for (const register of routes) await register(scope);
    },
  };
}
