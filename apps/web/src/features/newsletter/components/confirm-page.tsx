import { Link, useSearchParams } from 'react-router';
import { MailCheck, MailX } from 'lucide-react';
import { newsletterErrorCodes, newsletterTexts } from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { PageContainer } from '../../../components/ui/page-container';
import { Spinner } from '../../../components/ui/spinner';
import { StatusCard } from '../../../components/ui/status-card';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useConfirmNewsletter } from '../api/confirm-newsletter';

/** What a refused link is: an expired one says so; anything else was forged or used. */
function failureOf(error: Error | null, hasToken: boolean) {
  if (!hasToken)
    return { title: newsletterTexts.linkInvalidTitle, text: newsletterTexts.missingToken };
  if (error instanceof ApiError && error.code === newsletterErrorCodes.linkExpired) {
    return { title: newsletterTexts.linkExpiredTitle, text: newsletterTexts.linkExpired };
  }
  return { title: newsletterTexts.linkInvalidTitle, text: newsletterTexts.linkInvalid };
}

/**
 * /newsletter/confirm?token= : the confirmation email's link. The page confirms with a POST, so
 * a mail scanner that only fetches the link confirms nobody (ADR 033).
 */
export function NewsletterConfirmPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const confirmation = useConfirmNewsletter(token);
  const failure = confirmation.isError || !token ? failureOf(confirmation.error, !!token) : null;
  useDocumentTitle(
    failure?.title ??
      (confirmation.isSuccess ? newsletterTexts.confirmedTitle : newsletterTexts.confirmTitle),
  );

  const home = (
    <Link to="/" className={buttonClasses('secondary')}>
      {newsletterTexts.toHome}
    </Link>
  );
  return (
    <PageContainer className="py-12 sm:py-16">
      {failure ? (
        <StatusCard
          as="h1"
          role="alert"
          tone="danger"
          icon={<MailX className="size-6" />}
          title={failure.title}
          action={home}
        >
          <p className="text-ink-muted">{failure.text}</p>
        </StatusCard>
      ) : confirmation.isSuccess ? (
        <StatusCard
          as="h1"
          role="status"
          icon={<MailCheck className="size-6" />}
          title={newsletterTexts.confirmedTitle}
          action={home}
        >
          <p className="text-ink-muted">{newsletterTexts.confirmed}</p>
        </StatusCard>
      ) : (
        <StatusCard as="h1" title={newsletterTexts.confirmTitle}>
          <p role="status" className="flex items-center justify-center gap-2 text-ink-muted">
            <Spinner className="size-5" />
            {newsletterTexts.confirming}
          </p>
        </StatusCard>
      )}
    </PageContainer>
  );
}
