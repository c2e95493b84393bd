import { Suspense, useEffect, useId, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { ChevronDownIcon, CloseIcon } from '../../../components/ui/icons';
import { homeTexts, sessionTexts, type Category, type CategoryGroup } from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMediaQuery } from '../../../lib/use-media-query';
import { CategoryToggle } from './category-toggle';
import { clearButton, DIRECTORY_FORM_ID } from './directory-form';
import { MatchBadge } from './match-badge';

export interface CategoryFilterPanelProps {
  groups: CategoryGroup[] | undefined;
  categories: Category[] | undefined;
  isPending: boolean;
  isError: boolean;
  selected: string[];
  /** Counts under the current filter (meta.facets). */
  facets: Record<string, number> | undefined;
  /** Counts under the country filter alone: 0 means not available in that country. */
  availability: Record<string, number> | undefined;
  /** meta.total of the current filter, when known. */
  matchCount: number | undefined;
  /** The id of the results' heading: where 'Show N organizations' and the skip link lead. */
  resultsId: string;
  onToggle: (id: string) => void;
  onClear: () => void;
}

const WIDE = '(min-width: 1024px)';

/**
 * 'Filter by Categories': the categories grouped by category group, each a toggle. One
 * <details>: from 1024 px a sidebar beside the results, shown open by CSS whatever its state
 * (styles/components.css, filter-panel); below, a bar that opens the categories as a sheet over
 * the page, whose 'Show N organizations' closes it onto the list. The browser opens and closes
 * it, so it works on the first tap before the page's script has run, and without one (where
 * every button sends the filter form, and the page comes back with the sheet closed).
 */
export function CategoryFilterPanel(props: CategoryFilterPanelProps) {
  const { isPending, isError, selected, matchCount, onClear } = props;
  const panel = useRef<HTMLDetailsElement>(null);
  const wide = useMediaQuery(WIDE);
  const wasWide = useRef(false);
  // Open while it is a sidebar, so that it is announced as expanded; closed when the window
  // narrows past 1024 px, never on the first render (a phone's sheet opened before hydration).
  useEffect(() => {
    if (panel.current && (wide || wasWide.current)) panel.current.open = wide;
    wasWide.current = wide;
  }, [wide]);
  const bodyId = useId();

  const closeSheet = (event: MouseEvent, toResults: boolean) => {
    event.preventDefault();
    if (panel.current) panel.current.open = false;
    const results = document.getElementById(props.resultsId);
    if (toResults) results?.scrollIntoView({ block: 'start' });
    (toResults ? results : panel.current?.querySelector('summary'))?.focus({ preventScroll: true });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !panel.current?.open || window.matchMedia(WIDE).matches) return;
    panel.current.open = false;
    panel.current.querySelector('summary')?.focus();
  };
  // A sidebar does not fold: its summary is its heading there.
  const onSummaryClick = (event: MouseEvent) => {
    if (window.matchMedia(WIDE).matches) event.preventDefault();
  };

  return (
    <details
      ref={panel}
      aria-labelledby="category-filter-heading"
      onKeyDown={onKeyDown}
      className="filter-panel surface-card group/panel lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto"
    >
      <summary
        onClick={onSummaryClick}
        className="flex min-h-touch cursor-pointer list-none items-center gap-3 px-4 py-3 sm:px-5 lg:sticky lg:top-0 lg:z-10 lg:cursor-auto lg:border-b lg:border-line lg:bg-surface [&::-webkit-details-marker]:hidden"
      >
        <span className="flex flex-1 flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id="category-filter-heading" className="text-lg font-semibold">
            {homeTexts.filterPanel}
          </h2>
          <MatchBadge selectedCount={selected.length} matchCount={matchCount} />
        </span>
        <ChevronDownIcon aria-hidden="true" className="size-5 shrink-0 text-ink-muted lg:hidden" />
      </summary>
      <div id={bodyId} className="filter-sheet">
        <div className="sticky top-0 z-10 flex items-center gap-3 border-b border-line bg-surface px-4 py-2 lg:hidden">
          <p className="flex-1 text-lg font-semibold">{homeTexts.filterPanel}</p>
          <SheetButton
            variant="ghost"
            size="icon"
            aria-label={homeTexts.closeCategories}
            onClick={(event) => closeSheet(event, false)}
          >
            <CloseIcon className="size-5" />
          </SheetButton>
        </div>
        <a
          href={`#${props.resultsId}`}
          className="sr-only focus:not-sr-only focus:m-3 focus:block focus:rounded-control focus:bg-brand focus:px-3 focus:py-2 focus:font-semibold focus:text-on-brand max-lg:hidden"
        >
          {homeTexts.skipToResults}
        </a>
        <div className="flex-1 px-4 py-4 sm:px-5">
          {isError ? (
            <div role="alert">
              <p className="text-danger-ink">{homeTexts.errorCategories}</p>
              <p className="mt-1 text-sm text-ink-muted">{sessionTexts.referenceLoadFailed}</p>
            </div>
          ) : isPending ? (
            <PanelSkeleton />
          ) : (
            <CategoryGroups {...props} bodyId={bodyId} />
          )}
        </div>
        <div className="sticky bottom-0 flex flex-wrap gap-3 border-t border-line bg-surface px-4 py-3 lg:hidden">
          {selected.length > 0 ? (
            <Button variant="quiet" className="whitespace-nowrap" {...clearButton(onClear)}>
              {homeTexts.clearAllFilters}
            </Button>
          ) : null}
          <SheetButton
            variant="primary"
            className="flex-1 whitespace-nowrap"
            onClick={(event) => closeSheet(event, true)}
          >
            {homeTexts.showResults(matchCount)}
          </SheetButton>
        </div>
      </div>
    </details>
  );
}

/**
 * A button of the sheet: with JavaScript it acts at once; without, it sends the filter form as
 * it stands, and the page comes back with the sheet closed.
 */
function SheetButton(
  props: Parameters<typeof Button>[0] & { onClick: (event: MouseEvent) => void },
) {
  return <Button type="submit" form={DIRECTORY_FORM_ID} {...props} />;
}

function CategoryGroups({
  groups,
  categories,
  selected,
  facets,
  availability,
  onToggle,
  onClear,
  bodyId,
}: CategoryFilterPanelProps & { bodyId: string }) {
  const byGroup = new Map<string, Category[]>();
  for (const category of categories ?? []) {
    const list = byGroup.get(category.groupId) ?? [];
    list.push(category);
    byGroup.set(category.groupId, list);
  }
  const orderedGroups = [...(groups ?? [])].sort((a, b) => a.sortOrder - b.sortOrder);
  return (
    <div className="flex flex-col gap-5">
      {selected.length > 0 ? (
        <Button
          variant="quiet"
          size="sm"
          {...clearButton(onClear)}
          className="self-start max-lg:hidden"
        >
          {homeTexts.clearAllFilters}
        </Button>
      ) : null}
      {orderedGroups.map((group) => {
        const items = byGroup.get(group.id) ?? [];
        if (items.length === 0) return null;
        const labelId = `${bodyId}-${group.id}`;
        // A boundary per group: hydrated after the page's first task, in a pass that yields
        // (ADR 039); a tap before then hydrates its group first and is replayed.
        return (
          <Suspense key={group.id}>
            <div
              role="group"
              aria-labelledby={labelId}
              data-group={group.id}
              className="flex flex-col gap-2"
            >
              <p id={labelId} className="flex items-center gap-2 font-semibold text-(--group-ink)">
                <span aria-hidden="true" className="text-base">
                  {group.emoji}
                </span>
                {group.name}
              </p>
              <div className="flex flex-wrap gap-2">
                {items
                  .sort((a, b) => a.sortOrder - b.sortOrder)
                  .map((category) => (
                    <CategoryToggle
                      key={category.id}
                      category={category}
                      selected={selected.includes(category.id)}
                      count={facets ? (facets[category.id] ?? 0) : undefined}
                      available={availability ? (availability[category.id] ?? 0) > 0 : true}
                      onToggle={onToggle}
                    />
                  ))}
              </div>
            </div>
          </Suspense>
        );
      })}
    </div>
  );
}

function PanelSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-wrap gap-2">
      {Array.from({ length: 12 }, (_, index) => (
        <Skeleton key={index} className="h-9 w-28 rounded-pill" />
      ))}
    </div>
  );
}
