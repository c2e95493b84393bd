import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import {
  ORGANIZATION_LIST_DEFAULT_LIMIT,
  type Category,
  type Country,
  type OrganizationSummary,
} from '@si/contracts';
import { useColumnCount } from '../hooks/use-column-count';
import { GridCell, gridRowClasses, type Cell, type GridLayoutProps } from './grid-cells';
import { OrganizationCardSkeleton } from './organization-card-skeleton';

const loadVirtualGrid = () => import('./virtual-organization-grid');
const VirtualOrganizationGrid = lazy(loadVirtualGrid);

export interface OrganizationGridProps {
  organizations: OrganizationSummary[];
  categoriesById: ReadonlyMap<string, Category>;
  countriesByCode: ReadonlyMap<string, Country>;
  activeCategoryIds: readonly string[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** Stop asking for pages (after a failed page, until the visitor retries). */
  pauseLoading?: boolean;
}

/**
 * The directory grid. The first page renders as a plain grid; as soon as the visitor nears its
 * end, the next page is requested and the grid switches to the windowed version (rows
 * virtualised with useWindowVirtualizer, same geometry), so the DOM stays bounded however
 * long the list gets. The 'Add Your Organization' card closes the list once every page is loaded.
 */
export function OrganizationGrid({
  organizations,
  categoriesById,
  countriesByCode,
  activeCategoryIds,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  pauseLoading = false,
}: OrganizationGridProps) {
  const columns = useColumnCount();
  // Coming back to a long list (several pages in the cache) starts windowed straight away.
  const [windowed, setWindowed] = useState(
    () => organizations.length > ORGANIZATION_LIST_DEFAULT_LIMIT,
  );

  const cells: Cell[] = organizations.map((organization) => ({
    kind: 'organization',
    organization,
  }));
  if (!hasNextPage) cells.push({ kind: 'add' });
  const dataRows = Math.ceil(cells.length / columns);

  const blocked = pauseLoading || !hasNextPage || isFetchingNextPage;
  const requestMore = useCallback(() => {
    if (!blocked) void fetchNextPage();
  }, [blocked, fetchNextPage]);

  const layout: GridLayoutProps = {
    cells,
    columns,
    dataRows,
    hasNextPage,
    requestMore,
    cardProps: { categoriesById, countriesByCode, activeCategoryIds },
  };

  const plain = (
    <PlainGrid
      {...layout}
      onNearEnd={() => {
        void loadVirtualGrid();
        setWindowed(true);
        requestMore();
      }}
    />
  );
  if (!windowed) return plain;
  return <Suspense fallback={plain}>{<VirtualOrganizationGrid {...layout} />}</Suspense>;
}

/** All cells in one CSS grid, with the same row geometry as the windowed grid. */
function PlainGrid({
  cells,
  columns,
  hasNextPage,
  cardProps,
  onNearEnd,
}: GridLayoutProps & { onNearEnd: () => void }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const onNearEndRef = useRef(onNearEnd);
  useEffect(() => {
    onNearEndRef.current = onNearEnd;
  });

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onNearEndRef.current();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage]);

  return (
    <div data-testid="organization-grid">
      <div className={gridRowClasses}>
        {cells.map((cell, index) => (
          // A boundary per card: at hydration React leaves each for a later pass that yields to
          // the browser every few milliseconds, rather than hydrating every card in the page's
          // one long task (ADR 039). Nothing in a card suspends once hydrated.
          <Suspense key={cell.kind === 'add' ? 'add' : cell.organization.id}>
            <GridCell cell={cell} eager={index < 3} {...cardProps} />
          </Suspense>
        ))}
        {hasNextPage
          ? Array.from({ length: columns }, (_, index) => (
              <OrganizationCardSkeleton key={`loading-${index}`} className="no-js:hidden" />
            ))
          : null}
      </div>
      {hasNextPage ? <div ref={sentinel} aria-hidden="true" /> : null}
    </div>
  );
}
