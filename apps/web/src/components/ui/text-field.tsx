import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx } from '../../lib/class-names';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The field's validation message, shown under it and announced with it. */
  error?: string | undefined;
  /** Help shown under the field while there is no error. */
  hint?: string | undefined;
  /** A control inside the field's right edge (e.g. show password). */
  trailing?: ReactNode;
  /** Shown after the label of a required field (screen readers hear the field's own state). */
  requiredMark?: string | undefined;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

/** A labelled text input with its hint or error message (works with react-hook-form's register). */
export function TextField({
  label,
  error,
  hint,
  trailing,
  requiredMark,
  id,
  className,
  ref,
  ...input
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const messageId = `${inputId}-message`;
  const message = error ?? hint;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      {requiredMark ? (
        <div className="flex items-baseline gap-2">
          <label htmlFor={inputId} className="font-semibold text-ink">
            {label}
          </label>
          <span aria-hidden="true" className="text-sm text-ink-subtle">
            {requiredMark}
          </span>
        </div>
      ) : (
        <label htmlFor={inputId} className="font-semibold text-ink">
          {label}
        </label>
      )}
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-required={requiredMark ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          className={cx(
            'field px-3',
            trailing ? 'pr-12' : undefined,
            error ? 'border-danger-ink' : undefined,
          )}
          {...input}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-0 flex items-center pr-0.5">{trailing}</div>
        ) : null}
      </div>
      {message ? (
        <p id={messageId} className={cx('text-sm', error ? 'text-danger-ink' : 'text-ink-subtle')}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
