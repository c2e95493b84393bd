import { roleListTexts } from '@si/contracts';
import { useCategories } from '../../features/reference/api/get-categories';
import { useCountries } from '../../features/reference/api/get-countries';
import { RoleListPage } from '../../features/role-list/components/role-list-page';
import { SaveSearchControl } from '../../features/saved-searches/components/save-search-control';
import { roleSearchLabels } from '../../features/saved-searches/filter-labels';
import { byCode, byId, lookupOf } from '../../lib/lookups';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSaveSearchSession } from '../save-search-session';

/** /roles : every open role of published organizations (ADR 044), its search saved (ADR 046). */
export function Component() {
  useDocumentTitle(roleListTexts.title);
  const countries = useCountries();
  const categories = useCategories();
  const { canSave, checkCanSave } = useSaveSearchSession();
  const categoriesById = lookupOf(categories.data, byId);
  const countriesByCode = lookupOf(countries.data, byCode);
  return (
    <RoleListPage
      countries={countries.data}
      categories={categories.data}
      saveSearch={(filters) => (
        <SaveSearchControl
          search={{ follows: 'roles', filters }}
          labels={roleSearchLabels(filters, {
            category: (id) => categoriesById.get(id)?.name ?? id,
            country: (code) => countriesByCode.get(code)?.name ?? code,
          })}
          canSave={canSave}
          checkCanSave={checkCanSave}
        />
      )}
    />
  );
}
