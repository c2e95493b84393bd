import { lazy, Suspense, use } from 'react';
import type { Category, Country, OrganizationSummary } from '@si/contracts';
import { AddOrganizationTarget } from './add-organization-target';
import { OrganizationCard } from './organization-card';
import { OrganizationCardSkeleton } from './organization-card-skeleton';

/** The closing card shows only once every page is loaded: its code loads then (same size placeholder). */
const AddOrganizationCard = lazy(() =>
  import('./add-organization-card').then((module) => ({ default: module.AddOrganizationCard })),
);

/** Card height (tokens.css --spacing-card, 18rem) plus the 24 px gap below it. */
export const ROW_HEIGHT_ESTIMATE = 288 + 24;

/** A row of the grid: 1, 2 or 3 columns, and the 24 px gap as bottom padding (so rows stack exactly). */
export const gridRowClasses = 'grid grid-cols-1 gap-6 pb-6 sm:grid-cols-2 xl:grid-cols-3';

export type Cell = { kind: 'organization'; organization: OrganizationSummary } | { kind: 'add' };

export interface CardLookups {
  categoriesById: ReadonlyMap<string, Category>;
  countriesByCode: ReadonlyMap<string, Country>;
  activeCategoryIds: readonly string[];
}

export interface GridLayoutProps {
  cells: Cell[];
  columns: number;
  dataRows: number;
  hasNextPage: boolean;
  /** Asks for the next page (ignored while one is loading or loading is paused). */
  requestMore: () => void;
  cardProps: CardLookups;
}

export function GridCell({
  cell,
  eager,
  ...lookups
}: { cell: Cell; eager: boolean } & CardLookups) {
  const addTarget = use(AddOrganizationTarget);
  if (cell.kind === 'add') {
    return (
      <Suspense fallback={<OrganizationCardSkeleton />}>
        <AddOrganizationCard to={addTarget} />
      </Suspense>
    );
  }
  return <OrganizationCard organization={cell.organization} eager={eager} {...lookups} />;
}
