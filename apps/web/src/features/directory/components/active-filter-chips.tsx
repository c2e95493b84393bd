import { CloseIcon } from '../../../components/ui/icons';
import { verifiedBadgeTexts, hiringTexts, homeTexts, type Category } from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { clearButton, DIRECTORY_FORM_ID } from './directory-form';

export interface ActiveFilterChipsProps {
  selected: string[];
  categoriesById: ReadonlyMap<string, Category>;
  /** 'Verified only' is on. */
  verified: boolean;
  /** 'Hiring' is on. */
  hiring: boolean;
  onRemove: (id: string) => void;
  onRemoveVerified: () => void;
  onRemoveHiring: () => void;
  /** Clears the categories, 'Verified only' and 'Hiring'. */
  onClear: () => void;
}

/**
 * The toggled filters as removable chips ('Verified', 'Hiring', 'Category: {name}'), with
 * 'Clear All'.
 */
export function ActiveFilterChips({
  selected,
  categoriesById,
  verified,
  hiring,
  onRemove,
  onRemoveVerified,
  onRemoveHiring,
  onClear,
}: ActiveFilterChipsProps) {
  if (selected.length === 0 && !verified && !hiring) return null;
  return (
    // One line that scrolls sideways on phones, where the list must start on the first screen.
    <div
      className="-mx-4 flex items-center gap-2 overflow-x-auto px-4 max-sm:[scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0"
      aria-label="Active filters"
      role="group"
    >
      {verified ? (
        <Chip
          label={verifiedBadgeTexts.filterChip}
          // Without JavaScript: clear=verified (use-directory-filters.ts, directoryFormTarget).
          remove={{ name: 'clear', value: 'verified' }}
          onRemove={onRemoveVerified}
        />
      ) : null}
      {hiring ? (
        <Chip
          label={hiringTexts.filterChip}
          // Without JavaScript: clear=hiring (use-directory-filters.ts, directoryFormTarget).
          remove={{ name: 'clear', value: 'hiring' }}
          onRemove={onRemoveHiring}
        />
      ) : null}
      {selected.map((id) => {
        const category = categoriesById.get(id);
        const name = category?.name ?? id;
        return (
          <Chip
            key={id}
            group={category?.groupId ?? ''}
            label={homeTexts.categoryChip(name)}
            removeName={name}
            remove={{ name: 'toggle', value: id }}
            onRemove={() => onRemove(id)}
          />
        );
      })}
      <Button variant="quiet" size="sm" className="shrink-0" {...clearButton(onClear, 'toggles')}>
        {homeTexts.clearAll}
      </Button>
    </div>
  );
}

/** One chip: in its category group's hue (the brand's without a group), with its remove button. */
function Chip({
  label,
  removeName = label,
  group = '',
  remove,
  onRemove,
}: {
  label: string;
  /** What the remove button's name says it removes. */
  removeName?: string;
  group?: string;
  /** What the remove button sends with the filter form without JavaScript. */
  remove: { name: string; value: string };
  onRemove: () => void;
}) {
  return (
    <span
      data-group={group}
      className="inline-flex shrink-0 items-center gap-1 rounded-pill border border-(--group-line) bg-(--group-soft) py-0.5 pr-0.5 pl-3 text-sm font-semibold text-(--group-ink)"
    >
      {label}
      <button
        type="submit"
        form={DIRECTORY_FORM_ID}
        name={remove.name}
        value={remove.value}
        aria-label={`Remove filter ${removeName}`}
        onClick={(event) => {
          event.preventDefault();
          onRemove();
        }}
        className="flex size-touch items-center justify-center rounded-pill hover:bg-surface/70 sm:size-8"
      >
        <CloseIcon className="size-4" />
      </button>
    </span>
  );
}
