import { homeTexts } from '@si/contracts';
import { DirectoryPage } from '../../features/directory/components/directory-page';
import { useActiveCountries } from '../../features/reference/api/get-active-countries';
import { useCategories } from '../../features/reference/api/get-categories';
import { useCategoryGroups } from '../../features/reference/api/get-category-groups';
import { useDocumentTitle } from '../../lib/use-document-title';

/** / : the directory. */
export function Component() {
  useDocumentTitle(homeTexts.title, { exact: true });
  const groups = useCategoryGroups();
  const categories = useCategories();
  const activeCountries = useActiveCountries();
  return (
    <DirectoryPage groups={groups} categories={categories} activeCountries={activeCountries} />
  );
}
