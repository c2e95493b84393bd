import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  hiringTexts,
  verifiedBadgeTexts,
  homeTexts,
  type Category,
  type CategoryGroup,
  type Country,
  type SavedSearchFilters,
} from '@si/contracts';
import { PageContainer } from '../../../components/ui/page-container';
import { SuccessBanner } from '../../../components/ui/message-banner';
import { useFlashMessage } from '../../../lib/use-flash-message';
import { byCode, byId, lookupOf } from '../../../lib/lookups';
import { countryFacetsQueryOptions, useOrganizations } from '../api/get-organizations';
import {
  directoryPageHref,
  hasActiveFilters,
  useDirectoryFilters,
} from '../hooks/use-directory-filters';
import { ActiveFilterChips } from './active-filter-chips';
import { AddOrganizationTarget } from './add-organization-target';
import { CategoryFilterPanel } from './category-filter-panel';
import { CountrySelect } from './country-select';
import { DirectoryResults } from './directory-results';
import { SearchBox } from './search-box';
import { HiringToggle } from './hiring-toggle';
import { VerifiedToggle } from './verified-toggle';

interface ReferenceList<T> {
  data: T[] | undefined;
  isPending: boolean;
  isError: boolean;
}

export interface DirectoryPageProps {
  groups: ReferenceList<CategoryGroup>;
  categories: ReferenceList<Category>;
  /** Countries that have published organizations. */
  activeCountries: ReferenceList<Country>;
  /** Where the 'Add Your Organization' card leads (depends on who is signed in). */
  addOrganizationTo?: string;
  /**
   * What saves the search (ADR 034), given the filters and how people read them; shown beside
   * the results' heading while there are filters.
   */
  saveSearch?: (search: { filters: SavedSearchFilters; labels: string[] }) => ReactNode;
}

const RESULTS_HEADING_ID = 'results-heading';

/**
 * The home page: heading, country filter and 'Verified only', search, then the category panel
 * beside the organization grid from 1024 px, or folded above it as a bar that opens a sheet.
 */
export function DirectoryPage({
  groups,
  categories,
  activeCountries,
  addOrganizationTo = '/signup',
  saveSearch,
}: DirectoryPageProps) {
  const {
    filters,
    cursor,
    searchParams,
    setCountry,
    toggleCategory,
    removeCategory,
    clearCategories,
    clearToggles,
    clearAll,
    setQuery,
    setVerified,
    setHiring,
  } = useDirectoryFilters();
  const organizations = useOrganizations(filters, cursor);
  const availability = useQuery(countryFacetsQueryOptions(filters.country));
  const [message, dismissMessage] = useFlashMessage();
  const categoriesById = lookupOf(categories.data, byId);
  const countriesByCode = lookupOf(activeCountries.data, byCode);
  const meta = organizations.isPlaceholderData ? undefined : organizations.data?.pages[0]?.meta;
  const nextCursor = organizations.data?.pages.at(-1)?.meta.nextCursor ?? null;
  const pageLinks = {
    next: nextCursor ? directoryPageHref(searchParams, nextCursor) : null,
    first: cursor ? directoryPageHref(searchParams, null) : null,
  };

  return (
    <PageContainer className="flex flex-col gap-6 py-8 sm:py-12">
      {message ? <SuccessBanner message={message} onDismiss={dismissMessage} /> : null}

      <header className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-3xl">
          <h1 className="text-headline font-semibold tracking-tight text-balance sm:text-display">
            {homeTexts.heading}
          </h1>
          <p className="mt-3 text-lg text-ink-muted">{homeTexts.subtitle}</p>
        </div>
        <div className="flex flex-wrap items-end gap-3 lg:shrink-0">
          <CountrySelect
            countries={activeCountries.data}
            isPending={activeCountries.isPending}
            isError={activeCountries.isError}
            value={filters.country}
            onChange={setCountry}
            // A row of its own on phones, the two toggles on the next.
            className="min-w-0 flex-1 basis-full sm:min-w-48 sm:flex-none sm:basis-auto"
          />
          <VerifiedToggle
            selected={filters.verified}
            count={meta?.verified}
            onChange={setVerified}
          />
          <HiringToggle selected={filters.hiring} count={meta?.hiring} onChange={setHiring} />
        </div>
      </header>

      <SearchBox
        value={filters.q}
        categories={filters.categories}
        verified={filters.verified}
        hiring={filters.hiring}
        onChange={setQuery}
      />

      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:items-start lg:gap-8">
        <CategoryFilterPanel
          groups={groups.data}
          categories={categories.data}
          isPending={groups.isPending || categories.isPending}
          isError={groups.isError || categories.isError}
          selected={filters.categories}
          facets={meta?.facets}
          availability={availability.data}
          matchCount={meta?.total}
          resultsId={RESULTS_HEADING_ID}
          onToggle={toggleCategory}
          onClear={clearCategories}
        />

        <div className="flex min-w-0 flex-col gap-6">
          <ActiveFilterChips
            selected={filters.categories}
            categoriesById={categoriesById}
            verified={filters.verified}
            hiring={filters.hiring}
            onRemove={removeCategory}
            onRemoveVerified={() => setVerified(false)}
            onRemoveHiring={() => setHiring(false)}
            onClear={clearToggles}
          />

          <AddOrganizationTarget value={addOrganizationTo}>
            <DirectoryResults
              headingId={RESULTS_HEADING_ID}
              query={organizations}
              categoriesById={categoriesById}
              countriesByCode={countriesByCode}
              activeCategoryIds={filters.categories}
              onClearFilters={hasActiveFilters(filters) ? clearAll : undefined}
              referencePending={categories.isPending}
              pageLinks={pageLinks}
              headingAction={
                saveSearch && hasActiveFilters(filters)
                  ? saveSearch({
                      filters: {
                        country: filters.country,
                        categories: filters.categories,
                        verified: filters.verified,
                        hiring: filters.hiring,
                        q: filters.q.trim(),
                      },
                      labels: [
                        ...(filters.q.trim() ? [`“${filters.q.trim()}”`] : []),
                        ...filters.categories.map((id) => categoriesById.get(id)?.name ?? id),
                        ...(filters.country
                          ? [countriesByCode.get(filters.country)?.name ?? filters.country]
                          : []),
                        ...(filters.verified ? [verifiedBadgeTexts.filterChip] : []),
                        ...(filters.hiring ? [hiringTexts.filterChip] : []),
                      ],
                    })
                  : null
              }
            />
          </AddOrganizationTarget>
        </div>
      </div>
    </PageContainer>
  );
}
