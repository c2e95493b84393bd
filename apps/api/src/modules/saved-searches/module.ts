import { unsubscribeTokens } from '../../adapters/email/unsubscribe-tokens.ts';
import { everyJobsInterval } from '../../assembly/cadence.ts';
import { mailOptions, type ModuleContext } from '../../assembly/context.ts';
import { routesOf } from '../../assembly/module-routes.ts';
import type { OrganizationService } from '../organizations/service.ts';
import type { ReferenceService } from '../reference/service.ts';
import type { RoleListing } from '../roles/role-list/role-listing.ts';
import { savedSearchAlertsJob } from './alerts-job.ts';
import { createSavedSearchRepository } from './repository.ts';
import { savedSearchRoutes } from './routes.ts';
import { createSavedSearchService } from './service.ts';

/** Saved searches and their alerts (ADR 034; those that follow open roles, ADR 046). */
export function savedSearchesModule(
  context: ModuleContext,
  deps: { organizations: OrganizationService; roles: RoleListing; reference: ReferenceService },
) {
  const { db } = context;
  const repository = createSavedSearchRepository(db);
  const service = createSavedSearchService({
    db,
    repository,
    organizations: deps.organizations,
    roles: deps.roles,
    tokens: unsubscribeTokens(context.secret, 'saved-search-alert'),
  });
  const alerts = savedSearchAlertsJob({
    db,
    repository,
    organizations: deps.organizations,
    roles: deps.roles,
    reference: deps.reference,
    savedSearches: service,
    ...mailOptions(context),
    busy: context.traffic.busy,
    logger: context.log,
  });
  context.jobs.add('sendSavedSearchAlerts', alerts, alerts.runAt, everyJobsInterval(context));
  return { routes: routesOf(savedSearchRoutes, { savedSearches: service }) };
}
