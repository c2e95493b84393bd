import { useState, type FormEvent } from 'react';
import { footerTexts, newsletterTexts } from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';

/**
 * The footer's newsletter box: POST /api/newsletter, then a toast asking to confirm from the
 * email (the same whatever the address's state); the server's message on failure.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const mutation = useSubscribeNewsletter();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    mutation.mutate(email.trim(), {
      onSuccess: () => {
        showToast('success', newsletterTexts.checkInbox);
        setEmail('');
      },
      onError: (error) => {
        // The field's own message reads better than the summary ('email: ...').
        const message =
          error instanceof ApiError ? (error.fields?.email ?? error.message) : error.message;
        showToast('error', message || newsletterTexts.failed);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" aria-labelledby="newsletter-heading">
      <div>
        <h2 id="newsletter-heading" className="font-semibold text-ink">
          {newsletterTexts.heading}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{newsletterTexts.body}</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="newsletter-email" className="sr-only">
          {newsletterTexts.label}
        </label>
        <input
          id="newsletter-email"
          type="email"
          required
          autoComplete="email"
          value={email}
          placeholder={newsletterTexts.placeholder}
          onChange={(event) => setEmail(event.target.value)}
          className="field min-h-touch min-w-0 flex-1 px-3 shadow-none sm:min-h-10"
        />
        <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending}>
          {mutation.isPending ? <Spinner /> : null}
          {mutation.isPending ? newsletterTexts.busy : footerTexts.subscribe}
        </Button>
      </div>
    </form>
  );
}
