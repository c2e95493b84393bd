import { roleListTexts } from '@si/contracts';
import { useCategories } from '../../features/reference/api/get-categories';
import { useCountries } from '../../features/reference/api/get-countries';
import { RoleListPage } from '../../features/role-list/components/role-list-page';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /roles : every open role of published organizations (ADR 044). */
export function Component() {
  useDocumentTitle(roleListTexts.title);
  const countries = useCountries();
  const categories = useCategories();
  return <RoleListPage countries={countries.data} categories={categories.data} />;
}
