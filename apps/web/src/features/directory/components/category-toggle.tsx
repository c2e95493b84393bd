import { CheckIcon } from '../../../components/ui/icons';
import { formatInteger, homeTexts, type Category } from '@si/contracts';
import { DIRECTORY_FORM_ID } from './directory-form';

export interface CategoryToggleProps {
  category: Category;
  selected: boolean;
  /** Organizations under the current filter that carry this category; undefined while unknown. */
  count: number | undefined;
  /** False when no organization in the chosen country carries it. */
  available: boolean;
  onToggle: (id: string) => void;
}

/**
 * A category filter pill: emoji, name and count; its description shows on hover and keyboard
 * focus. Few elements and words per pill (the panel has about fifty): one button, its emoji and
 * description bubble drawn by CSS from its data-emoji and aria-description, the count's words in
 * its label; its group's colours come from the group's element. Without JavaScript it sends the
 * filter form with toggle=<id>.
 *
 * A pill that would lead to an empty list is disabled (neither focusable nor sent with the form)
 * and its name says 'unavailable': one no organization in the chosen country carries, or one
 * whose count under the current filter is 0. A selected pill always stays removable: its count
 * is that of the current list (every match carries it), and removing it only widens the list.
 */
export function CategoryToggle({
  category,
  selected,
  count,
  available,
  onToggle,
}: CategoryToggleProps) {
  const disabled = !selected && (!available || count === 0);
  const reason = !available
    ? ' Not available in the selected country.'
    : ' No organization matches it together with the current filters.';
  const description = `${category.description}${disabled ? reason : ''}`;
  const counted = count === undefined ? '' : `, ${homeTexts.categoryCount(count)}`;
  return (
    <button
      type="submit"
      form={DIRECTORY_FORM_ID}
      name="toggle"
      value={category.id}
      aria-pressed={selected}
      aria-label={
        disabled || count !== undefined
          ? `${category.name}${counted}${disabled ? ', unavailable' : ''}`
          : undefined
      }
      aria-description={description}
      disabled={disabled}
      onClick={(event) => {
        event.preventDefault();
        onToggle(category.id);
      }}
      className="category-pill"
      data-emoji={selected ? undefined : category.emoji}
    >
      {selected ? <CheckIcon className="size-4" /> : null}
      {category.name}
      {count !== undefined ? (
        <span className="category-pill-count">{formatInteger(count)}</span>
      ) : null}
    </button>
  );
}
