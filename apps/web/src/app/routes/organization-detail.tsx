import { skipToken, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { CurrentUser } from '@si/contracts';
import { OrganizationDetailPage } from '../../features/organization-profile/components/organization-detail-page';
import { useCategories } from '../../features/reference/api/get-categories';
import { useCountries } from '../../features/reference/api/get-countries';
import { sessionQueryKey, signedInUserQueryKey } from '../../lib/session';
import { byCode, byId, lookupOf } from '../../lib/lookups';

/** The part of its loader that loads with it (loaders.ts): the open roles and milestones. */
export { prefetchRolesAndMilestones as prefetch } from '../../features/organization-profile/api/get-roles-and-milestones';

/** /organizations/:orgId : the public profile. */
export function Component() {
  const { orgId = '' } = useParams();
  const categories = useCategories();
  const countries = useCountries();
  const categoriesById = lookupOf(categories.data, byId);
  const countriesByCode = lookupOf(countries.data, byCode);
  // The session the header reads, once it has (in-app navigation, a sign-out), decides.
  const { data: sessionUser } = useQuery<CurrentUser | null>({
    queryKey: sessionQueryKey,
    queryFn: skipToken,
  });
  // Until then the profile asks who is there itself, as soon as it has hydrated: the server
  // rendered it without cookies, and the header reads the session only at the first interaction
  // on a phone (ADR 017), so the owner's Edit and Delete (or their unpublished profile) would wait
  // for a tap. No guest session is started for this. Not on the server: the page is the same for
  // everyone.
  const { data: signedInUser } = useQuery<CurrentUser | null>({
    queryKey: signedInUserQueryKey,
    queryFn: ({ signal }) =>
      import('../../features/auth/api/get-session').then((module) =>
        module.readSignedInUser(signal),
      ),
    enabled: sessionUser === undefined,
  });
  const user = sessionUser === undefined ? signedInUser : sessionUser;
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
