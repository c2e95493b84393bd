import { Download } from 'lucide-react';
import { consoleTexts } from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { newsletterCsvUrl, useNewsletter } from '../api/emails';
import { SectionHeading } from './console-shell';
import { LoadFailed } from './list-states';

/** /admin/newsletter: how many subscribe, and their addresses as CSV (each download audited). */
export function NewsletterPage() {
  const newsletter = useNewsletter();
  return (
    <section aria-labelledby="console-newsletter" className="flex flex-col gap-5">
      <SectionHeading
        id="console-newsletter"
        title={consoleTexts.navNewsletter}
        intro={consoleTexts.newsletterIntro}
      />
      {newsletter.isError ? (
        <LoadFailed error={newsletter.error} onRetry={() => void newsletter.refetch()} />
      ) : (
        <div className="flex flex-col gap-4 surface-card p-5 sm:p-6">
          <dl className="flex flex-col gap-1">
            <dt className="text-sm font-semibold text-ink-muted">{consoleTexts.subscribers}</dt>
            <dd className="text-4xl font-semibold tracking-tight tabular-nums">
              {newsletter.isPending ? (
                <Skeleton className="h-10 w-24" />
              ) : (
                newsletter.data.subscribers.toLocaleString('en-US')
              )}
            </dd>
          </dl>
          <p className="max-w-prose text-ink-muted">{consoleTexts.csvHint}</p>
          <a href={newsletterCsvUrl} download className={buttonClasses('primary', 'md', 'w-fit')}>
            <Download aria-hidden="true" className="size-5" />
            {consoleTexts.downloadCsv}
          </a>
        </div>
      )}
    </section>
  );
}
