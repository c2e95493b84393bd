import type { ModuleContext } from '../../assembly/context.ts';
import { routesOf } from '../../assembly/module-routes.ts';
import type { OrganizationService } from '../organizations/service.ts';
import type { RoleService } from '../roles/service.ts';
import { reporterKeys } from './reporter-key.ts';
import { createReportRepository } from './repository.ts';
import { reportRoutes } from './routes.ts';
import { createReportService } from './service.ts';

/**
 * A visitor's report of a public profile (ADR 029) or of one of its open roles (ADR 045),
 * limited per client and per organization.
 */
export function reportsModule(
  context: ModuleContext,
  { organizations, roles }: { organizations: OrganizationService; roles: RoleService },
) {
  const { config } = context;
  const service = createReportService({
    repository: createReportRepository(context.db),
    organizations,
    roles,
    keys: reporterKeys(context.secret),
    counters: context.counters,
    limits: {
      enabled: config.RATE_LIMITS,
      windowMs: config.RATE_LIMIT_WINDOW_MS,
      perClient: config.RATE_LIMIT_REPORT_MAX,
      perProfile: config.RATE_LIMIT_REPORT_PROFILE_MAX,
    },
  });
  return { routes: routesOf(reportRoutes, { reports: service }) };
}
