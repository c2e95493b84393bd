import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { cx } from '../../lib/class-names';

export type CounterState = 'ok' | 'warning' | 'error';

/** docs/product.md#what-the-forms-check: the counter warns under 10% remaining and is an error at 0. */
export function counterState(length: number, max: number): CounterState {
  const remaining = max - length;
  if (remaining <= 0) return 'error';
  return remaining < max * 0.1 ? 'warning' : 'ok';
}

export interface CountedTextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  /** Most characters allowed (the counter counts down from it). */
  maxChars: number;
  /** Characters written so far. */
  length: number;
  /** The counter's words, from the characters left. */
  remainingText: (remaining: number) => string;
  error?: string | undefined;
  hint?: string | undefined;
  /** Shown after the label of a required field (screen readers hear the field's own state). */
  requiredMark?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled text area with its hint or error and a characters-remaining counter. */
export function CountedTextArea({
  label,
  maxChars: max,
  length,
  remainingText,
  error,
  hint,
  requiredMark,
  id,
  ref,
  rows = 5,
  ...textarea
}: CountedTextAreaProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const messageId = `${fieldId}-message`;
  const counterId = `${fieldId}-counter`;
  const message = error ?? hint;
  const state = counterState(length, max);
  const labelElement = (
    <label htmlFor={fieldId} className="font-semibold text-ink">
      {label}
    </label>
  );
  return (
    <div className="flex flex-col gap-1.5">
      {requiredMark ? (
        <div className="flex items-baseline gap-2">
          {labelElement}
          <span aria-hidden="true" className="text-sm text-ink-subtle">
            {requiredMark}
          </span>
        </div>
      ) : (
        labelElement
      )}
      <textarea
        ref={ref}
        id={fieldId}
        rows={rows}
        maxLength={max}
        aria-invalid={error ? true : undefined}
        aria-required={requiredMark ? true : undefined}
        aria-describedby={message ? `${messageId} ${counterId}` : counterId}
        className={cx(
          'field resize-y px-3 py-2.5 leading-relaxed',
          error ? 'border-danger-ink' : undefined,
        )}
        {...textarea}
      />
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 text-sm">
        {message ? (
          <p id={messageId} className={error ? 'text-danger-ink' : 'text-ink-subtle'}>
            {message}
          </p>
        ) : null}
        <p
          id={counterId}
          data-state={state}
          className={cx(
            'ml-auto tabular-nums',
            state === 'ok' && 'text-ink-subtle',
            state === 'warning' && 'font-semibold text-warning-ink',
            state === 'error' && 'font-semibold text-danger-ink',
          )}
        >
          {remainingText(Math.max(0, max - length))}
        </p>
      </div>
    </div>
  );
}
