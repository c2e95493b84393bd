import { useState, type FormEvent } from 'react';
import { Ticket } from 'lucide-react';
import { paymentTexts } from '@si/contracts';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { buttonClasses } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';

/**
 * docs/product.md#texts-that-are-part-of-the-contract: the server's message (a refused code says why; a lost connection says so),
 * or 'Invalid guest code' when the answer carried none.
 */
export function guestCodeErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.code === 'HTTP_ERROR') {
    return paymentTexts.invalidGuestCode;
  }
  return error.fields?.code ?? (error.message || paymentTexts.invalidGuestCode);
}

export interface GuestCodeFormProps {
  /** A checkout is being prepared: Apply waits. */
  disabled: boolean;
  applying: boolean;
  /** The server's refusal, shown under the field. */
  error: string | null;
  onApply: (code: string) => void;
}

/**
 * 'Have a Guest Code?': no client-side rule beyond a code being typed (docs/product.md#what-the-forms-check); the
 * server decides, and its message shows under the field with what was typed kept.
 */
export function GuestCodeForm({ disabled, applying, error, onApply }: GuestCodeFormProps) {
  const [code, setCode] = useState('');
  const empty = code.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (empty || disabled || applying) return;
    onApply(code.trim());
  };
  return (
    <section
      aria-labelledby="guest-code-heading"
      className="flex flex-col gap-4 rounded-card border border-dashed border-line-strong bg-canvas p-6"
    >
      <div className="flex items-start gap-3">
        <Ticket aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
        <div className="flex flex-col gap-1">
          <h2 id="guest-code-heading" className="text-xl font-semibold text-ink">
            {paymentTexts.guestCodeTitle}
          </h2>
          <p className="text-ink-muted">{paymentTexts.guestCodeIntro}</p>
        </div>
      </div>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label={paymentTexts.guestCodeLabel}
          placeholder={paymentTexts.guestCodePlaceholder}
          autoComplete="off"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error ?? undefined}
          className="flex-1"
        />
        <button
          type="submit"
          // Level with the input beside it: below its label (one 24 px line and the 6 px gap),
          // as tall as it.
          className={buttonClasses('secondary', 'md', 'sm:mt-[30px] sm:min-h-12!')}
          disabled={empty || disabled || applying}
          aria-busy={applying}
        >
          {applying ? <Spinner /> : null}
          {applying ? paymentTexts.applying : paymentTexts.apply}
        </button>
      </form>
    </section>
  );
}
