import { useId } from 'react';
import { Download } from 'lucide-react';
import { consoleTexts } from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';

/** Plain links, so the browser streams each download to disk with the session's cookie. */
const exportUrl = (format: 'csv' | 'jsonl') => `/api/admin/export/organizations.${format}`;

/** The bulk export of published profiles (ADR 054), on the console's organizations page. */
export function ProfileExport() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 surface-card p-4">
      <h3 id={headingId} className="font-semibold text-ink">
        {consoleTexts.exportProfilesHeading}
      </h3>
      <p className="max-w-prose text-ink-muted">{consoleTexts.exportProfilesHint}</p>
      <div className="flex flex-wrap gap-2">
        <a href={exportUrl('csv')} download className={buttonClasses('primary', 'md', 'w-fit')}>
          <Download aria-hidden="true" className="size-5" />
          {consoleTexts.exportCsv}
        </a>
        <a href={exportUrl('jsonl')} download className={buttonClasses('secondary', 'md', 'w-fit')}>
          <Download aria-hidden="true" className="size-5" />
          {consoleTexts.exportJsonLines}
        </a>
      </div>
    </section>
  );
}
