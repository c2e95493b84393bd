import { skipToken, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { CurrentUser } from '@si/contracts';
import { OrganizationDetailPage } from '../../features/organization-profile/components/organization-detail-page';
import { useCategories } from '../../features/reference/api/get-categories';
import { useCountries } from '../../features/reference/api/get-countries';
import { sessionQueryKey } from '../../lib/session';
import { byCode, byId, useLookup } from '../../lib/use-lookup';

/** /organizations/:orgId : the public profile. */
export function Component() {
  const { orgId = '' } = useParams();
  const categories = useCategories();
  const countries = useCountries();
  const categoriesById = useLookup(categories.data, byId);
  const countriesByCode = useLookup(countries.data, byCode);
  // Reads the session the header loads; the profile never fetches or waits for it. The owner's
  // tools appear when it answers.
  const { data: user } = useQuery<CurrentUser | null>({
    queryKey: sessionQueryKey,
    queryFn: skipToken,
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
