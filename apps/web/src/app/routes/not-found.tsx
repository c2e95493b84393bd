import { Link } from 'react-router';
import { Compass } from 'lucide-react';
import { notFoundTexts } from '@si/contracts';
import { buttonClasses } from '../../components/ui/button';
import { PageContainer } from '../../components/ui/page-container';
import { StatusCard } from '../../components/ui/status-card';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Any path without a page. */
export function Component() {
  useDocumentTitle(notFoundTexts.title);
  return (
    <PageContainer className="py-16 sm:py-24">
      <StatusCard
        as="h1"
        icon={<Compass className="size-6" />}
        title={notFoundTexts.title}
        action={
          <Link to="/" className={buttonClasses('primary')}>
            {notFoundTexts.link}
          </Link>
        }
      >
        {notFoundTexts.body}
      </StatusCard>
    </PageContainer>
  );
}
