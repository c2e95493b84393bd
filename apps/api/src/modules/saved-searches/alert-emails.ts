import {
  SAVED_SEARCH_ALERT_LISTED,
  savedRolesPath,
  savedSearchPath,
  type RoleListItem,
} from '@si/contracts';
import { savedSearchAlertEmail } from '../../adapters/email/saved-search-alert-email.ts';
import type { EmailFooter } from '../../adapters/email/templates.ts';
import type { ReferenceService } from '../reference/service.ts';
import type { DueSearch } from './repository.ts';
import { listedRoles } from './role-alerts.ts';
import { filtersOf, roleFiltersOf, type SavedSearchService } from './service.ts';

// One formatter for the run: toLocaleDateString builds one a call, a millisecond each.
const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const day = (date: Date) => dayFormat.format(date);

/**
 * A due search's alert email, or null when nothing is new for it: the organizations newly
 * matching (ADR 034) or the roles newly posted (ADR 046), with the search's own link (the
 * directory's or /roles with its filters) and its unsubscribe link.
 */
export function alertEmails(options: {
  publicUrl: string;
  emailFooter: EmailFooter;
  reference: Pick<ReferenceService, 'snapshot'>;
  savedSearches: Pick<SavedSearchService, 'unsubscribeQuery'>;
}) {
  const { publicUrl } = options;
  const common = (search: DueSearch, now: Date) => ({
    to: search.email,
    follows: search.follows,
    searchName: search.name,
    since: day(search.lastAlertAt ?? search.createdAt),
    searchUrl: `${publicUrl}${
      search.follows === 'roles'
        ? savedRolesPath(roleFiltersOf(search))
        : savedSearchPath(filtersOf(search))
    }`,
    unsubscribeUrl: `${publicUrl}/api/saved-searches/unsubscribe?${options.savedSearches.unsubscribeQuery(search.id, now)}`,
    ...options.emailFooter,
  });

  return {
    organizations(
      search: DueSearch,
      fresh: string[],
      summaries: Map<string, { id: string; name: string; description: string }>,
      now: Date,
    ) {
      const listed = fresh
        .slice(0, SAVED_SEARCH_ALERT_LISTED)
        .flatMap((id) => summaries.get(id) ?? []);
      if (listed.length === 0) return null;
      return savedSearchAlertEmail({
        ...common(search, now),
        newCount: Math.max(fresh.length, listed.length),
        listed: listed.map((organization) => ({
          name: organization.name,
          description: organization.description,
          url: `${publicUrl}/organizations/${organization.id}`,
        })),
      });
    },

    async roles(search: DueSearch, fresh: RoleListItem[], now: Date) {
      if (fresh.length === 0) return null;
      const { countryByCode } = await options.reference.snapshot();
      const countryName = (code: string) => countryByCode.get(code)?.name ?? code;
      return savedSearchAlertEmail({
        ...common(search, now),
        ...listedRoles(fresh, publicUrl, countryName),
      });
    },
  };
}
