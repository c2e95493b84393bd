import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { homeTexts, type CurrentUser } from '@si/contracts';
import { DirectoryPage } from '../../features/directory/components/directory-page';
import { useActiveCountries } from '../../features/reference/api/get-active-countries';
import { useCategories } from '../../features/reference/api/get-categories';
import { useCategoryGroups } from '../../features/reference/api/get-category-groups';
import { SaveSearchControl } from '../../features/saved-searches/components/save-search-control';
import { sessionQueryKey } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';

/** / : the directory. */
export function Component() {
  useDocumentTitle(homeTexts.title, { exact: true });
  const groups = useCategoryGroups();
  const categories = useCategories();
  const activeCountries = useActiveCountries();
  // Reads the session the header loads; the home page never fetches or waits for it.
  const { data: user } = useQuery<CurrentUser | null>({
    queryKey: sessionQueryKey,
    queryFn: skipToken,
  });
  const queryClient = useQueryClient();
  // Asked only when a visitor presses Save before the header has read who is there (phones).
  const checkCanSave = () =>
    import('../../features/auth/api/get-session')
      .then(({ sessionQueryOptions }) => queryClient.fetchQuery(sessionQueryOptions()))
      .then((current) => Boolean(current && !current.isAnonymous));
  return (
    <DirectoryPage
      groups={groups}
      categories={categories}
      activeCountries={activeCountries}
      addOrganizationTo={user && !user.isAnonymous ? '/submit-organization' : '/signup'}
      saveSearch={({ filters, labels }) => (
        <SaveSearchControl
          filters={filters}
          labels={labels}
          canSave={user === undefined ? undefined : Boolean(user && !user.isAnonymous)}
          checkCanSave={checkCanSave}
        />
      )}
    />
  );
}
