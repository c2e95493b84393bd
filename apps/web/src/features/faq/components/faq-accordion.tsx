import { useId } from 'react';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { faqTexts, type FaqItem } from '@si/contracts';

/**
 * Questions of one category: one answer open at a time, and the open one can be closed. Each is
 * a <details> of one named group, so the browser keeps one open: a question opens on the first
 * tap before the page's script has run, and without one.
 */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  const group = useId();
  if (items.length === 0) {
    return (
      <p className="rounded-card border border-line bg-surface px-5 py-4 text-ink-muted">
        {faqTexts.empty}
      </p>
    );
  }
  return (
    <div className="divide-y divide-line overflow-hidden surface-card">
      {items.map((item) => (
        <details key={item.id} name={group} data-testid="faq-item" className="group">
          <summary className="flex min-h-touch cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left text-ink transition-colors hover:bg-sunken focus-visible:-outline-offset-3 [&::-webkit-details-marker]:hidden">
            <h3 className="text-base font-semibold">{item.question}</h3>
            <ChevronDownIcon className="size-5 shrink-0 text-ink-muted transition-transform duration-200 group-open:rotate-180 motion-reduce:transition-none" />
          </summary>
          <div className="px-5 pb-5 text-ink-muted">
            <p className="max-w-prose whitespace-pre-line">{item.answer}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
