import { cx } from '../../../lib/class-names';

/** Two or more lists of one section (open or resolved reports, recent or failed emails). */
export function ListToggle<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex w-full gap-1 rounded-control bg-sunken p-1 sm:w-fit"
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cx(
            'flex min-h-touch flex-1 items-center justify-center rounded-control px-4 font-semibold transition-colors sm:min-h-10 sm:flex-none',
            value === option.value
              ? 'bg-surface text-ink shadow-card'
              : 'text-ink-muted hover:text-ink',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
