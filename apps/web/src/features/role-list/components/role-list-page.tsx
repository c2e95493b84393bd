import { useEffect, useMemo, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { roleListTexts as texts, type Category, type Country } from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { ListState } from '../../../components/ui/list-state';
import { PageContainer } from '../../../components/ui/page-container';
import { byCode, byId, lookupOf } from '../../../lib/lookups';
import { useOnClient } from '../../../lib/use-on-client';
import { rolesInfiniteQueryOptions } from '../api/get-roles';
import {
  chosenFilterCount,
  clearedFilters,
  hasRoleFilters,
  parseRoleCursor,
  parseRoleFilters,
  ROLE_FORM_ID,
  rolesHref,
  rolesPageHref,
  showFiltersIn,
  type RoleFilters,
} from '../role-filters';
import { RoleFilterChips } from './role-filter-chips';
import { RoleFilterPanel } from './role-filter-panel';
import { RoleRow } from './role-row';
import { RoleSearchForm } from './role-search-form';

export interface RoleListPageProps {
  countries: Country[] | undefined;
  categories: Category[] | undefined;
  /** What saves the search (ADR 046), shown beside the count while a filter is chosen. */
  saveSearch?: (filters: RoleFilters) => ReactNode;
}

const RESULTS_HEADING_ID = 'role-count';

/**
 * /roles (ADR 044): every open role of published organizations, newest first, laid out as the
 * directory is (ADR 040): the search box, then the filters beside the list from 1024 px or
 * folded into a bar above it, the chosen ones as chips. The filters are a GET form, so they work
 * before the app's script runs or without it; with it, a change applies at once. "Load more" is
 * a link to the next page, followed in place once the script runs.
 */
export function RoleListPage({ countries, categories, saveSearch }: RoleListPageProps) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const filters = useMemo(() => parseRoleFilters(searchParams), [searchParams]);
  const cursor = parseRoleCursor(searchParams);
  const list = useInfiniteQuery(rolesInfiniteQueryOptions(filters, cursor));
  // The server's page has the link; the browser, once it runs, the button that loads in place.
  const hydrated = useOnClient(() => true);
  const countriesByCode = lookupOf(countries, byCode);
  const countryName = (code: string) => countriesByCode.get(code)?.name ?? code;

  // The controls are uncontrolled: a filter reached otherwise than through them is shown in them.
  useEffect(() => {
    const form = document.getElementById(ROLE_FORM_ID);
    if (form instanceof HTMLFormElement) showFiltersIn(form, filters);
  }, [filters]);

  /** With the script: a filter's URL, without a page load. */
  const follow = (href: string) => void navigate(href, { replace: true, preventScrollReset: true });
  /** With the script: the form's values as the filter's own URL. */
  const apply = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) params.append(name, String(value));
    follow(rolesPageHref(params, null));
  };

  const pages = list.data?.pages ?? [];
  const roles = pages.flatMap((page) => page.data);
  const total = pages[0]?.meta.total;
  const nextCursor = pages.at(-1)?.meta.nextCursor ?? null;
  const cleared = rolesHref(clearedFilters(filters));

  return (
    <PageContainer className="flex flex-col gap-6 py-8 sm:py-12">
      <header className="max-w-3xl">
        <h1 className="text-headline font-semibold tracking-tight sm:text-display">
          {texts.title}
        </h1>
        <p className="mt-3 text-lg text-ink-muted">{texts.description}</p>
      </header>

      <RoleSearchForm q={filters.q} onApply={apply} />

      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:items-start lg:gap-8">
        {/* Not keyed by the filter: a choice applied in place keeps the focus where it was. */}
        <RoleFilterPanel
          filters={filters}
          countries={countries}
          categories={categories}
          total={total}
          resultsId={RESULTS_HEADING_ID}
          onApply={apply}
          clear={
            chosenFilterCount(filters) > 0 ? (
              <a
                href={cleared}
                className={buttonClasses('quiet', 'md', 'whitespace-nowrap')}
                onClick={(event) => {
                  event.preventDefault();
                  follow(cleared);
                }}
              >
                {texts.clear}
              </a>
            ) : null
          }
        />

        <div className="flex min-w-0 flex-col gap-4">
          <RoleFilterChips
            filters={filters}
            countryName={countryName}
            categoriesById={lookupOf(categories, byId)}
            onFollow={follow}
          />
          <section aria-labelledby={RESULTS_HEADING_ID} className="flex flex-col gap-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2
                id={RESULTS_HEADING_ID}
                tabIndex={-1}
                aria-live="polite"
                className="scroll-mt-20 text-lg font-semibold outline-none"
              >
                {total === undefined ? texts.loading : texts.count(total)}
              </h2>
              {saveSearch && hasRoleFilters(filters) ? saveSearch(filters) : null}
            </div>
            {list.isError && roles.length === 0 ? (
              <ListState
                failed={texts.loadFailed}
                retryLabel={texts.retry}
                onRetry={() => void list.refetch()}
              />
            ) : total === 0 ? (
              <ListState empty={texts.emptyTitle} frame="page">
                {hasRoleFilters(filters) ? texts.emptyText : texts.emptyNone}
              </ListState>
            ) : (
              <ul className="flex flex-col gap-3" data-testid="role-list">
                {roles.map((role) => (
                  <RoleRow key={role.id} role={role} countryName={countryName} />
                ))}
              </ul>
            )}
            {nextCursor ? (
              <a
                href={rolesPageHref(searchParams, nextCursor)}
                className={buttonClasses('secondary', 'md', 'self-center')}
                aria-disabled={list.isFetchingNextPage || undefined}
                onClick={(event) => {
                  event.preventDefault();
                  if (!list.isFetchingNextPage) void list.fetchNextPage();
                }}
              >
                {!hydrated
                  ? texts.nextPage
                  : list.isFetchingNextPage
                    ? texts.loading
                    : texts.loadMore}
              </a>
            ) : null}
            {list.isFetchNextPageError ? <p role="alert">{texts.loadFailed}</p> : null}
          </section>
        </div>
      </div>
    </PageContainer>
  );
}
