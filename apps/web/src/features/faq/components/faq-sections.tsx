import { RefreshIcon } from '../../../components/ui/icons';
import {
  errorBoundaryTexts,
  faqCategoryNames,
  type FaqCategoryId,
  type FaqItem,
} from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatusCard } from '../../../components/ui/status-card';
import { useFaqs } from '../api/get-faqs';
import { FaqAccordion } from './faq-accordion';

/** FAQ items of one category, in their order. */
export function faqsIn(items: FaqItem[], category: FaqCategoryId): FaqItem[] {
  return items
    .filter((item) => item.categories.includes(category))
    .sort((a, b) => a.sortOrder - b.sortOrder);
}

const failedFaqs = "We couldn't load the questions. Please try again.";

/** One accordion per FAQ category, each under its category name. */
export function FaqSections({
  categories,
  headingLevel = 'h2',
}: {
  categories: readonly FaqCategoryId[];
  headingLevel?: 'h2' | 'h3';
}) {
  const { data, isPending, isError, refetch } = useFaqs();
  const Heading = headingLevel;

  if (isError) {
    return (
      <StatusCard
        role="alert"
        tone="danger"
        title={failedFaqs}
        action={
          <Button variant="secondary" onClick={() => void refetch()}>
            <RefreshIcon className="size-4" />
            {errorBoundaryTexts.retry}
          </Button>
        }
      />
    );
  }

  return (
    <div className="flex flex-col gap-8">
      {categories.map((category) => (
        <section key={category} aria-labelledby={`faq-${category}`} className="flex flex-col gap-3">
          <Heading id={`faq-${category}`} className="text-xl font-semibold">
            {faqCategoryNames[category]}
          </Heading>
          {isPending ? (
            <div aria-hidden="true" className="flex flex-col gap-2">
              <Skeleton className="h-14 w-full rounded-card" />
              <Skeleton className="h-14 w-full rounded-card" />
            </div>
          ) : (
            <FaqAccordion items={faqsIn(data, category)} />
          )}
        </section>
      ))}
    </div>
  );
}
