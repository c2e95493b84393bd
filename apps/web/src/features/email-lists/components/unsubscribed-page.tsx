import { Link, useSearchParams } from 'react-router';
import { MailCheck, MailX } from 'lucide-react';
import { emailLists, unsubscribeErrors, unsubscribeTexts, type EmailList } from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { PageContainer } from '../../../components/ui/page-container';
import { StatusCard } from '../../../components/ui/status-card';
import { useDocumentTitle } from '../../../lib/use-document-title';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.find((candidate) => candidate === value) ?? null;

/**
 * /unsubscribed?list=<list>[&error=invalid|used|expired] : where a list email's unsubscribe link
 * ends, the server having done the work (GET /api/insights/unsubscribe, /api/newsletter/unsubscribe,
 * /api/saved-searches/unsubscribe).
 */
export function UnsubscribedPage() {
  const [searchParams] = useSearchParams();
  const list: EmailList = oneOf(emailLists, searchParams.get('list')) ?? 'insights';
  const error = searchParams.has('error')
    ? (oneOf(unsubscribeErrors, searchParams.get('error')) ?? 'invalid')
    : null;
  const texts = unsubscribeTexts[list];
  const failed = error === 'invalid' || error === 'expired';
  const title = error ? texts[`${error}Title`] : texts.doneTitle;
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
          <Link to={texts.actionTo} className={buttonClasses('secondary')}>
            {texts.action}
          </Link>
        }
      >
        <p className="text-ink-muted">{error ? texts[error] : texts.done}</p>
      </StatusCard>
    </PageContainer>
  );
}
