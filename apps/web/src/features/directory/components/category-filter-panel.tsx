import { useId, useState } from 'react';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { homeTexts, sessionTexts, type Category, type CategoryGroup } from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { cx } from '../../../lib/class-names';
import { useMediaQuery } from '../../../lib/use-media-query';
import { CategoryToggle } from './category-toggle';
import { clearButton } from './directory-form';
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
  onToggle: (id: string) => void;
  onClear: () => void;
}

/** 'Filter by Categories': the categories grouped by category group, each a toggle. */
export function CategoryFilterPanel(props: CategoryFilterPanelProps) {
  const {
    groups,
    categories,
    isPending,
    isError,
    selected,
    facets,
    availability,
    matchCount,
    onToggle,
    onClear,
  } = props;
  const isDesktop = useMediaQuery('(min-width: 1024px)');
  const [openChoice, setOpenChoice] = useState<boolean | null>(null);
  const open = openChoice ?? isDesktop;
  // Until the visitor chooses, CSS decides (open from 1024 px, always open without JavaScript),
  // so the server's HTML is laid out right at every width before any script runs.
  const bodyVisibility =
    openChoice === null ? 'max-lg:hidden no-js:block!' : openChoice ? '' : 'hidden';
  const bodyId = useId();

  const byGroup = new Map<string, Category[]>();
  for (const category of categories ?? []) {
    const list = byGroup.get(category.groupId) ?? [];
    list.push(category);
    byGroup.set(category.groupId, list);
  }
  const orderedGroups = [...(groups ?? [])].sort((a, b) => a.sortOrder - b.sortOrder);

  return (
    <section aria-labelledby="category-filter-heading" className="surface-card">
      <div className="flex items-start gap-3 px-4 py-3 sm:items-center sm:px-5">
        <div className="flex min-h-touch flex-1 flex-wrap items-center gap-x-3 gap-y-1 sm:min-h-10">
          <h2 id="category-filter-heading" className="text-lg font-semibold">
            {homeTexts.filterPanel}
          </h2>
          <MatchBadge selectedCount={selected.length} matchCount={matchCount} />
        </div>
        {selected.length > 0 ? (
          <Button variant="quiet" size="sm" {...clearButton(onClear)} className="max-sm:hidden">
            {homeTexts.clearAllFilters}
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="icon"
          aria-expanded={open}
          aria-controls={bodyId}
          aria-label={open ? 'Hide categories' : 'Show categories'}
          onClick={() => setOpenChoice(!open)}
          className="no-js:hidden"
        >
          <ChevronDownIcon className={cx('size-5 transition-transform', open && 'rotate-180')} />
        </Button>
      </div>
      <div id={bodyId} className={cx('border-t border-line px-4 py-4 sm:px-5', bodyVisibility)}>
        {isError ? (
          <div role="alert">
            <p className="text-danger-ink">{homeTexts.errorCategories}</p>
            <p className="mt-1 text-sm text-ink-muted">{sessionTexts.referenceLoadFailed}</p>
          </div>
        ) : isPending ? (
          <PanelSkeleton />
        ) : (
          <div className="flex flex-col gap-5 lg:gap-3">
            {selected.length > 0 ? (
              <Button
                variant="secondary"
                size="sm"
                {...clearButton(onClear)}
                className="self-start sm:hidden"
              >
                {homeTexts.clearAllFilters}
              </Button>
            ) : null}
            {orderedGroups.map((group) => {
              const items = byGroup.get(group.id) ?? [];
              if (items.length === 0) return null;
              const labelId = `${bodyId}-${group.id}`;
              return (
                <div
                  key={group.id}
                  role="group"
                  aria-labelledby={labelId}
                  data-group={group.id}
                  className="flex flex-col gap-2 lg:grid lg:grid-cols-[14rem_1fr] lg:items-start lg:gap-4"
                >
                  <p
                    id={labelId}
                    className="flex items-center gap-2 font-semibold text-(--group-ink) lg:min-h-9"
                  >
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
              );
            })}
          </div>
        )}
      </div>
    </section>
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
