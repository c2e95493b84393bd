import { useId, type Ref } from 'react';
import {
  DEFAULT_CATEGORY_ID,
  MAX_CATEGORIES_PER_ORGANIZATION,
  categoriesPerGroupMax,
  organizationEditorTexts,
  type Category,
  type CategoryGroup,
} from '@si/contracts';
import { CheckIcon } from '../../../components/ui/icons';
import { cx } from '../../../lib/class-names';
import { RequiredMark } from './fields';

export interface CategoryPickerProps {
  groups: readonly CategoryGroup[];
  categories: readonly Category[];
  /** The chosen category ids, in their profile order. */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  onBlur?: () => void;
  /** The rule the selection breaks (contracts' categorySelectionProblem), shown under the groups. */
  error?: string | undefined;
  /** Groups the selection still lacks: marked so the owner sees where to choose. */
  missingGroupIds?: readonly string[];
  /** Receives the first checkbox, which a failed submit focuses. */
  inputRef?: Ref<HTMLInputElement>;
}

/** The chosen ids that count towards the limit (default_category does not). */
export function countedCategories(ids: readonly string[]): number {
  return ids.filter((id) => id !== DEFAULT_CATEGORY_ID).length;
}

/**
 * Categories grouped by their group, as checkboxes shaped like the directory's pills. The rule
 * is said as it is (with seven groups and a limit of seven: one from each), and each group says
 * how many of its own are chosen against the most it may hold. At the limit of 7 the remaining
 * choices are disabled and a warning says why; a newly chosen category goes to the end of the
 * profile order.
 */
export function CategoryPicker({
  groups,
  categories,
  value,
  onChange,
  onBlur,
  error,
  missingGroupIds = [],
  inputRef,
}: CategoryPickerProps) {
  const baseId = useId();
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  const limitId = `${baseId}-limit`;
  const chosen = new Set(value);
  const atLimit = countedCategories(value) >= MAX_CATEGORIES_PER_ORGANIZATION;
  const missing = new Set(missingGroupIds);
  const sortedGroups = [...groups].sort((a, b) => a.sortOrder - b.sortOrder);
  const choices = (groupId: string) =>
    categories
      .filter((category) => category.groupId === groupId && category.id !== DEFAULT_CATEGORY_ID)
      .sort((a, b) => a.sortOrder - b.sortOrder);
  const groupMost = categoriesPerGroupMax(groups.length);
  const firstId = sortedGroups.map((group) => choices(group.id)[0]?.id).find(Boolean);

  const toggle = (id: string) =>
    onChange(chosen.has(id) ? value.filter((other) => other !== id) : [...value, id]);

  return (
    <fieldset
      aria-describedby={[hintId, atLimit ? limitId : null, error ? errorId : null]
        .filter(Boolean)
        .join(' ')}
      className="flex min-w-0 flex-col gap-5"
    >
      <legend className="sr-only">{organizationEditorTexts.categoriesHeading}</legend>
      <div
        id={hintId}
        className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-ink-muted"
      >
        <p className="flex flex-wrap items-baseline gap-x-2">
          {organizationEditorTexts.categoriesHint(groups.length)}
          <RequiredMark />
        </p>
        <p className="text-sm font-semibold tabular-nums" data-testid="categories-chosen">
          {organizationEditorTexts.categoriesChosen(countedCategories(value))}
        </p>
      </div>
      {sortedGroups.map((group) => {
        const inGroup = choices(group.id);
        if (inGroup.length === 0) return null;
        const groupMissing = Boolean(error) && missing.has(group.id);
        const inGroupChosen = inGroup.filter((category) => chosen.has(category.id)).length;
        const countId = `${baseId}-${group.id}-count`;
        return (
          <fieldset
            key={group.id}
            aria-describedby={countId}
            data-group={group.id}
            data-missing={groupMissing || undefined}
            className={cx(
              'flex min-w-0 flex-col gap-2.5 rounded-control border-l-4 border-(--group-line) pl-3',
              groupMissing && 'border-danger-ink',
            )}
          >
            <legend className="mb-2.5 flex items-center gap-2 font-semibold text-ink">
              <span aria-hidden="true">{group.emoji}</span>
              {group.name}
            </legend>
            <p
              id={countId}
              data-testid="group-chosen"
              className={cx(
                '-mt-2 text-sm tabular-nums',
                inGroupChosen > groupMost || groupMissing
                  ? 'font-semibold text-danger-ink'
                  : 'text-ink-muted',
              )}
            >
              {organizationEditorTexts.groupChosen(inGroupChosen, groupMost)}
            </p>
            <ul className="flex flex-wrap gap-2">
              {inGroup.map((category) => {
                const selected = chosen.has(category.id);
                const disabled = atLimit && !selected;
                const ref = category.id === firstId ? inputRef : undefined;
                const tipId = `${baseId}-${category.id}-tip`;
                return (
                  <li key={category.id} className="has-tip">
                    <label
                      className={cx(
                        'inline-flex min-h-touch cursor-pointer items-center gap-1.5 rounded-pill border px-3 text-sm font-semibold transition-colors select-none sm:min-h-9',
                        'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand',
                        selected
                          ? 'border-(--group-ink) bg-(--group-soft) text-(--group-ink)'
                          : 'border-line bg-surface text-ink hover:border-(--group-line) hover:bg-(--group-soft)',
                        disabled &&
                          'cursor-not-allowed border-dashed opacity-55 hover:border-line hover:bg-surface',
                      )}
                    >
                      <input
                        ref={ref}
                        type="checkbox"
                        className="sr-only"
                        checked={selected}
                        disabled={disabled}
                        aria-describedby={tipId}
                        onChange={() => toggle(category.id)}
                        onBlur={onBlur}
                      />
                      {selected ? (
                        <CheckIcon className="size-4" />
                      ) : (
                        <span aria-hidden="true">{category.emoji}</span>
                      )}
                      {category.name}
                    </label>
                    <span role="tooltip" id={tipId} className="tip">
                      {category.description}
                    </span>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
      {atLimit ? (
        <p
          id={limitId}
          role="status"
          className="rounded-control border border-warning-line bg-warning-soft px-3 py-2 text-sm font-semibold text-warning-ink"
        >
          {organizationEditorTexts.categoryLimitWarning}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-semibold text-danger-ink">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
