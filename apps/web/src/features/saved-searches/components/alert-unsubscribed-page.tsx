import { Link, useSearchParams } from 'react-router';
import { MailCheck, MailX } from 'lucide-react';
import { savedSearchTexts, savedSearchUnsubscribeErrors } from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { PageContainer } from '../../../components/ui/page-container';
import { StatusCard } from '../../../components/ui/status-card';
import { useDocumentTitle } from '../../../lib/use-document-title';

const errorOf = (value: string | null) =>
  savedSearchUnsubscribeErrors.find((error) => error === value) ??
  (value === null ? null : 'invalid');

/**
 * /unsubscribed?list=saved-search[&error=invalid|expired|used] : where an alert's unsubscribe
 * link ends, the server having done the work (GET /api/saved-searches/unsubscribe).
 */
export function AlertUnsubscribedPage() {
  const [searchParams] = useSearchParams();
  const error = errorOf(searchParams.get('error'));
  const title = error
    ? savedSearchTexts.unsubscribeFailedTitle
    : savedSearchTexts.unsubscribedTitle;
  useDocumentTitle(title);
  return (
    <PageContainer className="py-12 sm:py-16">
      <StatusCard
        as="h1"
        role={error ? 'alert' : 'status'}
        tone={error ? 'danger' : 'neutral'}
        icon={error ? <MailX className="size-6" /> : <MailCheck className="size-6" />}
        title={title}
        action={
          <Link to="/dashboard/saved-searches" className={buttonClasses('secondary')}>
            {savedSearchTexts.toDashboard}
          </Link>
        }
      >
        <p className="text-ink-muted">
          {error ? savedSearchTexts.unsubscribeFailed[error] : savedSearchTexts.unsubscribed}
        </p>
      </StatusCard>
    </PageContainer>
  );
}
