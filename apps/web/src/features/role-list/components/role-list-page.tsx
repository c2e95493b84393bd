import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { roleListTexts as texts, type Category, type Country } from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { ListState } from '../../../components/ui/list-state';
import { PageContainer } from '../../../components/ui/page-container';
import { useOnClient } from '../../../lib/use-on-client';
import { rolesInfiniteQueryOptions } from '../api/get-roles';
import { hasRoleFilters, parseRoleCursor, parseRoleFilters, rolesPageHref } from '../role-filters';
import { RoleFilterForm } from './role-filter-form';
import { RoleRow } from './role-row';

export interface RoleListPageProps {
  countries: Country[] | undefined;
  categories: Category[] | undefined;
}

/**
 * /roles (ADR 044): every open role of published organizations, newest first. The filters are a
 * GET form, so they work before the app's script runs or without it; with it, a change applies
 * at once. "Load more" is a link to the next page, followed in place once the script runs.
 */
export function RoleListPage({ countries, categories }: RoleListPageProps) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const filters = useMemo(() => parseRoleFilters(searchParams), [searchParams]);
  const cursor = parseRoleCursor(searchParams);
  const list = useInfiniteQuery(rolesInfiniteQueryOptions(filters, cursor));
  // The server's page has the link; the browser, once it runs, the button that loads in place.
  const hydrated = useOnClient(() => true);
  const countryNames = useMemo(
    () => new Map((countries ?? []).map((country) => [country.code, country.name])),
    [countries],
  );
  const countryName = (code: string) => countryNames.get(code) ?? code;

  /** With the script: the form's values as the filter's own URL, without a page load. */
  const apply = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) params.append(name, String(value));
    void navigate(rolesPageHref(params, null), { replace: true, preventScrollReset: true });
  };

  const pages = list.data?.pages ?? [];
  const roles = pages.flatMap((page) => page.data);
  const total = pages[0]?.meta.total;
  const nextCursor = pages.at(-1)?.meta.nextCursor ?? null;

  return (
    <PageContainer className="flex flex-col gap-8 py-10 sm:py-14">
      <header className="max-w-3xl">
        <h1 className="text-headline font-semibold tracking-tight sm:text-display">
          {texts.title}
        </h1>
        <p className="mt-3 text-lg text-ink-muted">{texts.description}</p>
      </header>

      {/* Not keyed by the filter: a choice applied in place keeps the focus where it was. */}
      <RoleFilterForm
        filters={filters}
        countries={countries}
        categories={categories}
        onApply={apply}
      />

      <section aria-labelledby="role-count" className="flex flex-col gap-4">
        <p id="role-count" className="font-medium" aria-live="polite">
          {total === undefined ? texts.loading : texts.count(total)}
        </p>
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
            {!hydrated ? texts.nextPage : list.isFetchingNextPage ? texts.loading : texts.loadMore}
          </a>
        ) : null}
        {list.isFetchNextPageError ? <p role="alert">{texts.loadFailed}</p> : null}
      </section>
    </PageContainer>
  );
}
