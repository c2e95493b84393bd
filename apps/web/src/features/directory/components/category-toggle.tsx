import { useId } from 'react';
import { CheckIcon } from '../../../components/ui/icons';
import type { Category } from '@si/contracts';
import { cx } from '../../../lib/class-names';
import { formatCount } from '../../../lib/format-number';

export interface CategoryToggleProps {
  category: Category;
  selected: boolean;
  /** Organizations under the current filter that carry this category; undefined while unknown. */
  count: number | undefined;
  /** False when no organization in the chosen country carries it. */
  available: boolean;
  onToggle: (id: string) => void;
}

/** A category filter pill: emoji, name and count; its description shows on hover and keyboard focus. */
export function CategoryToggle({
  category,
  selected,
  count,
  available,
  onToggle,
}: CategoryToggleProps) {
  const descriptionId = useId();
  const disabled = !available && !selected;
  return (
    <div className="has-tip" data-group={category.groupId}>
      <button
        type="button"
        aria-pressed={selected}
        aria-describedby={descriptionId}
        disabled={disabled}
        onClick={() => onToggle(category.id)}
        className={cx(
          'inline-flex min-h-touch items-center gap-1.5 rounded-pill border px-3 text-left text-sm font-semibold transition-colors sm:min-h-9',
          selected
            ? 'border-(--group-ink) bg-(--group-soft) text-(--group-ink)'
            : 'border-line bg-surface text-ink hover:border-(--group-line) hover:bg-(--group-soft)',
          disabled &&
            'cursor-not-allowed border-dashed opacity-55 hover:border-line hover:bg-surface',
        )}
      >
        {selected ? (
          <CheckIcon className="size-4" />
        ) : (
          <span aria-hidden="true">{category.emoji}</span>
        )}
        <span>{category.name}</span>
        {count !== undefined ? (
          <span
            className={cx(
              'ml-0.5 rounded-pill px-1.5 text-xs font-semibold tabular-nums',
              selected ? 'bg-surface text-(--group-ink)' : 'bg-sunken text-ink-muted',
            )}
          >
            <span className="sr-only">, </span>
            {formatCount(count)}
            <span className="sr-only"> organizations</span>
          </span>
        ) : null}
      </button>
      <span role="tooltip" id={descriptionId} className="tip">
        {category.description}
        {disabled ? ' Not available in the selected country.' : ''}
      </span>
    </div>
  );
}
