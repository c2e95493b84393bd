import { useParams } from 'react-router';
import { OrganizationDetailPage } from '../../features/organization-profile/components/organization-detail-page';
import { useCategories } from '../../features/reference/api/get-categories';
import { useCountries } from '../../features/reference/api/get-countries';
import { byCode, byId, useLookup } from '../../lib/use-lookup';

/** /organizations/:orgId : the public profile. */
export function Component() {
  const { orgId = '' } = useParams();
  const categories = useCategories();
  const countries = useCountries();
  const categoriesById = useLookup(categories.data, byId);
  const countriesByCode = useLookup(countries.data, byCode);
  return (
    <OrganizationDetailPage
      key={orgId}
      orgId={orgId}
      categoriesById={categoriesById}
      countriesByCode={countriesByCode}
      referencePending={categories.isPending}
    />
  );
}
