import type { ReactNode } from 'react';
import { RefreshIcon, SearchOffIcon } from '../../../components/ui/icons';
import {
  errorBoundaryTexts,
  formatInteger,
  homeTexts,
  type Category,
  type Country,
} from '@si/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { StatusCard } from '../../../components/ui/status-card';
import { cx } from '../../../lib/class-names';
import type { useOrganizations } from '../api/get-organizations';
import { clearButton } from './directory-form';
import { OrganizationGrid } from './organization-grid';
import { OrganizationGridSkeleton } from './organization-card-skeleton';

export interface DirectoryResultsProps {
  /** The heading's id: the category panel's 'Show N organizations' and skip link lead to it. */
  headingId: string;
  query: ReturnType<typeof useOrganizations>;
  categoriesById: ReadonlyMap<string, Category>;
  countriesByCode: ReadonlyMap<string, Country>;
  activeCategoryIds: readonly string[];
  /** Shown in the empty state when a filter can be cleared. */
  onClearFilters?: (() => void) | undefined;
  /** Reference data still loading: keep the skeleton. */
  referencePending?: boolean;
  /** Beside the heading: what saves the search, while there are filters. */
  headingAction?: ReactNode;
  /** Links to the next page and back to the first (?cursor=), for a browser without JavaScript. */
  pageLinks?: { next: string | null; first: string | null };
}

/** 'Organizations ({count})' with its grid, or the loading, error and empty states. */
export function DirectoryResults({
  headingId,
  query,
  categoriesById,
  countriesByCode,
  activeCategoryIds,
  onClearFilters,
  referencePending = false,
  pageLinks,
  headingAction,
}: DirectoryResultsProps) {
  const {
    data,
    isPending,
    isError,
    error,
    refetch,
    isPlaceholderData,
    isFetching,
    isFetchNextPageError,
  } = query;
  const firstPage = data?.pages[0];
  const total = firstPage?.meta.total;
  const organizations = data?.pages.flatMap((page) => page.data) ?? [];
  const updating = isPlaceholderData && isFetching;

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={isPending || updating}
      className="flex flex-col gap-5"
    >
      <div className="flex min-h-8 flex-wrap items-center gap-x-3 gap-y-2">
        <h2
          id={headingId}
          tabIndex={-1}
          className="scroll-mt-20 text-xl font-semibold tracking-tight outline-none sm:text-headline"
        >
          {total === undefined ? 'Organizations' : homeTexts.gridHeading(formatInteger(total))}
        </h2>
        {total === undefined && isPending ? <Skeleton className="h-7 w-16" /> : null}
        {updating ? <Spinner className="size-5 text-ink-subtle" /> : null}
        {headingAction ? <div className="ml-auto shrink-0">{headingAction}</div> : null}
      </div>

      {isError && !data ? (
        <StatusCard
          role="alert"
          tone="danger"
          title={homeTexts.failedOrganizations}
          action={
            <Button variant="secondary" onClick={() => void refetch()}>
              <RefreshIcon className="size-4" />
              {errorBoundaryTexts.retry}
            </Button>
          }
        >
          {error?.message}
        </StatusCard>
      ) : isPending || referencePending ? (
        <OrganizationGridSkeleton />
      ) : organizations.length === 0 ? (
        <StatusCard
          role="status"
          icon={<SearchOffIcon className="size-6" />}
          title={homeTexts.emptyTitle}
          action={
            onClearFilters ? (
              <Button variant="secondary" {...clearButton(onClearFilters, 'all')}>
                {homeTexts.clearAllFilters}
              </Button>
            ) : undefined
          }
        >
          {homeTexts.emptyBody}
        </StatusCard>
      ) : (
        <div className={cx('transition-opacity', updating && 'opacity-60')}>
          <OrganizationGrid
            organizations={organizations}
            categoriesById={categoriesById}
            countriesByCode={countriesByCode}
            activeCategoryIds={activeCategoryIds}
            hasNextPage={query.hasNextPage}
            isFetchingNextPage={query.isFetchingNextPage}
            fetchNextPage={query.fetchNextPage}
            pauseLoading={isFetchNextPageError || isPlaceholderData}
          />
          {pageLinks && (pageLinks.next || pageLinks.first) ? (
            <nav aria-label="Pages" className="hidden justify-center gap-3 py-4 no-js:flex">
              {pageLinks.first ? (
                <a href={pageLinks.first} className={buttonClasses('secondary')}>
                  {homeTexts.firstPage}
                </a>
              ) : null}
              {pageLinks.next ? (
                <a href={pageLinks.next} rel="next" className={buttonClasses('primary')}>
                  {homeTexts.nextPage}
                </a>
              ) : null}
            </nav>
          ) : null}
          {isFetchNextPageError ? (
            <div
              role="alert"
              className="flex flex-wrap items-center justify-center gap-3 py-4 text-danger-ink"
            >
              <span>{homeTexts.failedOrganizations}</span>
              <Button variant="secondary" size="sm" onClick={() => void query.fetchNextPage()}>
                <RefreshIcon className="size-4" />
                {errorBoundaryTexts.retry}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}
