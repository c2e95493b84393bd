import { useState, type FormEvent } from 'react';
import { footerTexts, newsletterTexts } from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { cx } from '../../../lib/class-names';
import { showToast } from '../../../lib/toast';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';

const MESSAGE_ID = 'newsletter-email-message';

/**
 * The product's own message for what was typed, or null. The browser's check of an email field
 * is used without its bubble (zod would weigh on this on-demand chunk); the server checks again.
 */
function fieldError(input: HTMLInputElement): string | null {
  if (input.value.trim() === '') return newsletterTexts.emailRequired;
  return input.validity.typeMismatch ? newsletterTexts.emailInvalid : null;
}

/**
 * The footer's newsletter box: POST /api/newsletter, then a toast asking to confirm from the
 * email (the same whatever the address's state). A bad address, or the server's refusal, is
 * said under the field as the other forms say it, never in the browser's own bubble.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useSubscribeNewsletter();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const input = event.currentTarget.elements.namedItem('email') as HTMLInputElement;
    const invalid = fieldError(input);
    setError(invalid);
    if (invalid) {
      input.focus();
      return;
    }
    mutation.mutate(email.trim(), {
      onSuccess: () => {
        showToast('success', newsletterTexts.checkInbox);
        setEmail('');
      },
      onError: (failure) => {
        // The field's own message reads better than the summary ('email: ...').
        const message =
          failure instanceof ApiError
            ? (failure.fields?.email ?? failure.message)
            : failure.message;
        setError(message || newsletterTexts.failed);
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-3"
      aria-labelledby="newsletter-heading"
    >
      <div>
        <h2 id="newsletter-heading" className="font-semibold text-ink">
          {newsletterTexts.heading}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{newsletterTexts.body}</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor="newsletter-email" className="sr-only">
            {newsletterTexts.label}
          </label>
          <input
            id="newsletter-email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            aria-required="true"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? MESSAGE_ID : undefined}
            value={email}
            placeholder={newsletterTexts.placeholder}
            onChange={(event) => {
              setEmail(event.target.value);
              if (error) setError(null);
            }}
            className={cx(
              'field min-h-touch min-w-0 px-3 shadow-none sm:min-h-10',
              error ? 'border-danger-ink' : undefined,
            )}
          />
          {error ? (
            <p id={MESSAGE_ID} className="text-sm text-danger-ink">
              {error}
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending}>
          {mutation.isPending ? <Spinner /> : null}
          {mutation.isPending ? newsletterTexts.busy : footerTexts.subscribe}
        </Button>
      </div>
    </form>
  );
}
