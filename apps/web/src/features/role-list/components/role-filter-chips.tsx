import { homeTexts, roleKindNames, roleListTexts as texts, type Category } from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { CloseIcon } from '../../../components/ui/icons';
import { chosenFilterCount, clearedFilters, rolesHref, type RoleFilters } from '../role-filters';

/**
 * The chosen filters as chips, the directory's (ADR 040), each removed by a link to the filter
 * without it (followed in place with JavaScript), then 'Clear filters'; the text shows in its
 * own box. Links, not the directory's buttons: the server renders any filter's URL as it is.
 */
export function RoleFilterChips({
  filters,
  countryName,
  categoriesById,
  onFollow,
}: {
  filters: RoleFilters;
  countryName: (code: string) => string;
  categoriesById: ReadonlyMap<string, Category>;
  /** Goes to a filter's URL in place. */
  onFollow: (href: string) => void;
}) {
  if (chosenFilterCount(filters) === 0) return null;
  const chip = (key: string, label: string, without: Partial<RoleFilters>, group = '') => {
    const href = rolesHref({ ...filters, ...without });
    return (
      <span
        key={key}
        data-group={group}
        className="inline-flex shrink-0 items-center gap-1 rounded-pill border border-(--group-line) bg-(--group-soft) py-0.5 pr-0.5 pl-3 text-sm font-semibold text-(--group-ink)"
      >
        {label}
        <a
          href={href}
          aria-label={`Remove filter ${label}`}
          onClick={(event) => {
            event.preventDefault();
            onFollow(href);
          }}
          className="flex size-touch items-center justify-center rounded-pill hover:bg-surface/70 sm:size-8"
        >
          <CloseIcon className="size-4" />
        </a>
      </span>
    );
  };
  const cleared = rolesHref(clearedFilters(filters));
  return (
    // The directory's chips (active-filter-chips.tsx): one line that scrolls sideways on phones.
    <div
      className="-mx-4 flex items-center gap-2 overflow-x-auto px-4 max-sm:[scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0"
      aria-label="Active filters"
      role="group"
    >
      {filters.kinds.map((kind) =>
        chip(kind, roleKindNames[kind], { kinds: filters.kinds.filter((other) => other !== kind) }),
      )}
      {filters.remote ? chip('remote', texts.remoteLabel, { remote: false }) : null}
      {filters.country
        ? chip('country', texts.countryChip(countryName(filters.country)), { country: null })
        : null}
      {filters.categories.map((id) => {
        const category = categoriesById.get(id);
        return chip(
          id,
          homeTexts.categoryChip(category?.name ?? id),
          { categories: filters.categories.filter((other) => other !== id) },
          category?.groupId,
        );
      })}
      <a
        href={cleared}
        className={buttonClasses('quiet', 'sm', 'shrink-0')}
        onClick={(event) => {
          event.preventDefault();
          onFollow(cleared);
        }}
      >
        {texts.clear}
      </a>
    </div>
  );
}
