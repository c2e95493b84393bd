import { formatInteger } from '@si/contracts';
import { cx } from '../../../lib/class-names';
import { DIRECTORY_FORM_ID } from './directory-form';

export interface FilterToggleProps {
  selected: boolean;
  /** Matching organizations under the current filter (from meta); undefined while unknown. */
  count: number | undefined;
  onChange: (selected: boolean) => void;
}

/**
 * A yes-or-no filter of the directory ('Verified only', 'Hiring') with its count. Like a
 * category pill, it is disabled while it would lead to an empty list and stays removable once
 * on. Without JavaScript it sends the filter form: `{param}=true` to turn it on (the form then
 * carries it, SearchBox), clear={param} to turn it off. One element: the count is drawn by CSS
 * (.filter-toggle), its words are in the button's name.
 */
export function FilterToggle({
  param,
  label,
  countText,
  markClassName,
  selected,
  count,
  onChange,
}: FilterToggleProps & {
  /** The filter's URL param, and the value of clear= that removes it. */
  param: string;
  label: string;
  countText: (count: number) => string;
  /** Draws a mark before the label (.verified-mark). */
  markClassName?: string;
}) {
  const disabled = !selected && count === 0;
  return (
    <button
      type="submit"
      form={DIRECTORY_FORM_ID}
      name={selected ? 'clear' : param}
      value={selected ? param : 'true'}
      aria-pressed={selected}
      aria-label={count === undefined ? undefined : `${label}, ${countText(count)}`}
      data-count={count === undefined ? undefined : formatInteger(count)}
      disabled={disabled}
      onClick={(event) => {
        event.preventDefault();
        onChange(!selected);
      }}
      className={cx(
        markClassName,
        'filter-toggle inline-flex min-h-12 shrink-0 items-center gap-2 rounded-control border px-3.5 font-semibold shadow-card transition-colors',
        selected
          ? 'border-brand bg-brand-soft text-brand-ink'
          : 'border-line-strong bg-surface text-ink before:bg-brand hover:border-brand hover:bg-brand-soft',
        disabled &&
          'cursor-not-allowed border-dashed opacity-55 hover:border-line-strong hover:bg-surface',
      )}
    >
      {label}
    </button>
  );
}
