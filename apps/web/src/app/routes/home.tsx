import { homeTexts } from '@si/contracts';
import { DirectoryPage } from '../../features/directory/components/directory-page';
import { useActiveCountries } from '../../features/reference/api/get-active-countries';
import { useCategories } from '../../features/reference/api/get-categories';
import { useCategoryGroups } from '../../features/reference/api/get-category-groups';
import { SaveSearchControl } from '../../features/saved-searches/components/save-search-control';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSaveSearchSession } from '../save-search-session';

/** / : the directory. */
export function Component() {
  useDocumentTitle(homeTexts.title, { exact: true });
  const groups = useCategoryGroups();
  const categories = useCategories();
  const activeCountries = useActiveCountries();
  const { user, canSave, checkCanSave } = useSaveSearchSession();
  return (
    <DirectoryPage
      groups={groups}
      categories={categories}
      activeCountries={activeCountries}
      addOrganizationTo={user && !user.isAnonymous ? '/submit-organization' : '/signup'}
      saveSearch={({ filters, labels }) => (
        <SaveSearchControl
          search={{ follows: 'organizations', filters }}
          labels={labels}
          canSave={canSave}
          checkCanSave={checkCanSave}
        />
      )}
    />
  );
}
