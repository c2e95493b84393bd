import { useEffect, useRef } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useDocumentOffset } from '../hooks/use-document-offset';
import { GridCell, gridRowClasses, ROW_HEIGHT_ESTIMATE, type GridLayoutProps } from './grid-cells';
import { OrganizationCardSkeleton } from './organization-card-skeleton';

/**
 * The windowed grid: only the rows near the viewport are in the DOM, however long the list.
 * Rows have a fixed height (cards are h-card), so positions are exact and nothing jumps.
 * Loaded on demand (see organization-grid.tsx) to keep it off the home page's first load.
 */
export default function VirtualOrganizationGrid({
  cells,
  columns,
  dataRows,
  hasNextPage,
  requestMore,
  cardProps,
}: GridLayoutProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useDocumentOffset(listRef);
  const rowCount = dataRows + (hasNextPage ? 1 : 0);

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => ROW_HEIGHT_ESTIMATE,
    overscan: 2,
    scrollMargin,
  });
  const rows = virtualizer.getVirtualItems();
  const lastRenderedRow = rows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (lastRenderedRow >= dataRows - 2) requestMore();
  }, [lastRenderedRow, dataRows, requestMore]);

  return (
    <div
      ref={listRef}
      data-testid="organization-grid"
      data-windowed="true"
      className="relative w-full"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {rows.map((row) => (
        <div
          key={row.key}
          ref={virtualizer.measureElement}
          data-index={row.index}
          className={`absolute top-0 left-0 w-full ${gridRowClasses}`}
          style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
        >
          {row.index >= dataRows
            ? Array.from({ length: columns }, (_, index) => (
                <OrganizationCardSkeleton key={index} />
              ))
            : cells
                .slice(row.index * columns, row.index * columns + columns)
                .map((cell) => (
                  <GridCell
                    key={cell.kind === 'add' ? 'add' : cell.organization.id}
                    cell={cell}
                    eager={row.index === 0}
                    {...cardProps}
                  />
                ))}
        </div>
      ))}
    </div>
  );
}
