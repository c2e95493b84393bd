import { domainVerificationTexts, formatInteger } from '@si/contracts';
import { cx } from '../../../lib/class-names';
import { DIRECTORY_FORM_ID } from './directory-form';

export interface VerifiedToggleProps {
  selected: boolean;
  /** Verified organizations under the current filter (meta.verified); undefined while unknown. */
  count: number | undefined;
  onChange: (verified: boolean) => void;
}

/**
 * 'Verified only' with its count: only the organizations that proved their website's domain.
 * Like a category pill, it is disabled while it would lead to an empty list (no verified
 * organization under the current filter) and stays removable once on. Without JavaScript it
 * sends the filter form: verified=true to turn it on (the form then carries it, SearchBox),
 * clear=verified to turn it off. One element: the check mark and the count are drawn by CSS
 * (.verified-toggle), the count's words are in the button's name.
 */
export function VerifiedToggle({ selected, count, onChange }: VerifiedToggleProps) {
  const disabled = !selected && count === 0;
  return (
    <button
      type="submit"
      form={DIRECTORY_FORM_ID}
      name={selected ? 'clear' : 'verified'}
      value={selected ? 'verified' : 'true'}
      aria-pressed={selected}
      aria-label={
        count === undefined
          ? undefined
          : `${domainVerificationTexts.filterLabel}, ${domainVerificationTexts.filterCount(count)}`
      }
      data-count={count === undefined ? undefined : formatInteger(count)}
      disabled={disabled}
      onClick={(event) => {
        event.preventDefault();
        onChange(!selected);
      }}
      className={cx(
        'verified-mark verified-toggle inline-flex min-h-12 shrink-0 items-center gap-2 rounded-control border px-3.5 font-semibold shadow-card transition-colors',
        selected
          ? 'border-brand bg-brand-soft text-brand-ink'
          : 'border-line-strong bg-surface text-ink before:bg-brand hover:border-brand hover:bg-brand-soft',
        disabled &&
          'cursor-not-allowed border-dashed opacity-55 hover:border-line-strong hover:bg-surface',
      )}
    >
      {domainVerificationTexts.filterLabel}
    </button>
  );
}
