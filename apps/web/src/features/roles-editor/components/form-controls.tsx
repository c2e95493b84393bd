import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { cx } from '../../../lib/class-names';

/** Field errors by name, as the API's `fields` and the contracts' schema both name them. */
export type FieldErrors = Record<string, string>;

/** The schema's or the server's issues as one message per field (the first one each). */
export function fieldErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
) {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return errors;
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
}

/** A labelled select with its hint or error, in the look of the app's text fields. */
export function SelectField({ label, error, hint, id, children, ...select }: SelectFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const messageId = `${fieldId}-message`;
  const message = error ?? hint;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={fieldId} className="font-semibold text-ink">
        {label}
      </label>
      <div className="relative">
        <select
          id={fieldId}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          className={cx(
            'field appearance-none pr-10 pl-3',
            error ? 'border-danger-ink' : undefined,
          )}
          {...select}
        >
          {children}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-ink-muted" />
      </div>
      {message ? (
        <p id={messageId} className={cx('text-sm', error ? 'text-danger-ink' : 'text-ink-subtle')}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** Today and a day `days` later as YYYY-MM-DD in UTC, the closing date's calendar. */
export function utcDay(days = 0): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
