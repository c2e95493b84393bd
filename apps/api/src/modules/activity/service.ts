import type { ActivityQuery } from '@si/contracts';
import type { AuthSession } from '../../identity/session.ts';
import type { OrganizationService } from '../organizations/service.ts';
import { activityPage } from './entries.ts';
import type { ActivityQueries } from './queries.ts';

/**
 * The owners' read of their organization's activity (ADR 048): only a role that may manage
 * `members` may; anyone else meets what every owner-only call answers (ADR 047).
 */
export function createActivityService(
  queries: ActivityQueries,
  organizations: Pick<OrganizationService, 'requireMemberOrganization'>,
) {
  return {
    async forOwners(session: AuthSession | null, id: string, query: ActivityQuery) {
      const organization = await organizations.requireMemberOrganization(session, id, 'members');
      return activityPage(queries, organization.id, query.cursor, true);
    },
  };
}
export type ActivityService = ReturnType<typeof createActivityService>;
