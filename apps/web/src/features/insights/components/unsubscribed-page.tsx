import { Link, useSearchParams } from 'react-router';
import { MailCheck, MailX } from 'lucide-react';
import { insightsTexts } from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { PageContainer } from '../../../components/ui/page-container';
import { StatusCard } from '../../../components/ui/status-card';
import { useDocumentTitle } from '../../../lib/use-document-title';

/**
 * /unsubscribed?list=insights[&error=invalid] : where the monthly summary's unsubscribe link
 * ends, the server having done the work (GET /api/insights/unsubscribe).
 */
export function UnsubscribedPage() {
  const [searchParams] = useSearchParams();
  const failed = searchParams.get('error') !== null;
  const title = failed ? insightsTexts.unsubscribeFailedTitle : insightsTexts.unsubscribedTitle;
  useDocumentTitle(title);
  return (
    <PageContainer className="py-12 sm:py-16">
      <StatusCard
        as="h1"
        role={failed ? 'alert' : 'status'}
        tone={failed ? 'danger' : 'neutral'}
        icon={failed ? <MailX className="size-6" /> : <MailCheck className="size-6" />}
        title={title}
        action={
          <Link to="/dashboard/organizations" className={buttonClasses('secondary')}>
            {insightsTexts.toDashboard}
          </Link>
        }
      >
        <p className="text-ink-muted">
          {failed ? insightsTexts.unsubscribeFailed : insightsTexts.unsubscribed}
        </p>
      </StatusCard>
    </PageContainer>
  );
}
