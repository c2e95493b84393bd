import { faqCategoryIds } from '@si/contracts';
import { FaqSections } from '../../features/faq/components/faq-sections';
import { useDocumentTitle } from '../../lib/use-document-title';
import { StaticPage } from './static-page';

/** /faq : every question, grouped by its four categories. */
export function Component() {
  useDocumentTitle('FAQ');
  return (
    <StaticPage
      eyebrow="FAQ"
      title="Frequently asked questions"
      intro="How listing works, what it costs and how to keep your profile up to date."
    >
      <div className="max-w-3xl">
        <FaqSections categories={faqCategoryIds} />
      </div>
    </StaticPage>
  );
}
