import { skipToken, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { CurrentUser } from '@si/contracts';
import { organizationQueryOptions } from '../../lib/organization-queries';
import { OrganizationDetailPage } from '../../features/organization-profile/components/organization-detail-page';
import { ApiError } from '../../lib/api-client';
import { useCategories } from '../../features/reference/api/get-categories';
import { useCountries } from '../../features/reference/api/get-countries';
import { sessionQueryKey } from '../../lib/session';
import { byCode, byId, lookupOf } from '../../lib/lookups';

/** /organizations/:orgId : the public profile. */
export function Component() {
  const { orgId = '' } = useParams();
  const categories = useCategories();
  const countries = useCountries();
  const categoriesById = lookupOf(categories.data, byId);
  const countriesByCode = lookupOf(countries.data, byCode);
  // A profile that is not public may be the visitor's own: the server rendered it without
  // cookies, so the session is read now rather than after the page is idle (ADR 017).
  const { error } = useQuery(organizationQueryOptions(orgId));
  const notPublic = error instanceof ApiError && error.isNotFound;
  // Otherwise it reads the session the header loads; the profile never fetches or waits for it.
  // The owner's tools appear when it answers.
  const { data: user } = useQuery<CurrentUser | null>({
    queryKey: sessionQueryKey,
    queryFn: notPublic
      ? ({ signal }) =>
          import('../../features/auth/api/get-session').then((module) => module.getSession(signal))
      : skipToken,
  });
  return (
    <OrganizationDetailPage
      key={orgId}
      orgId={orgId}
      categoriesById={categoriesById}
      countriesByCode={countriesByCode}
      referencePending={categories.isPending}
      currentUserId={user && !user.isAnonymous ? user.id : null}
    />
  );
}
