import { Accordion } from 'radix-ui';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { faqTexts, type FaqItem } from '@si/contracts';

/** Questions of one category: one answer open at a time, and the open one can be closed. */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  if (items.length === 0) {
    return (
      <p className="rounded-card border border-line bg-surface px-5 py-4 text-ink-muted">
        {faqTexts.empty}
      </p>
    );
  }
  return (
    <Accordion.Root
      type="single"
      collapsible
      className="divide-y divide-line overflow-hidden surface-card"
    >
      {items.map((item) => (
        <Accordion.Item key={item.id} value={item.id} data-testid="faq-item">
          <Accordion.Header asChild>
            <h3>
              <Accordion.Trigger className="group flex min-h-touch w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-ink transition-colors hover:bg-sunken focus-visible:-outline-offset-3">
                {item.question}
                <ChevronDownIcon className="size-5 shrink-0 text-ink-muted transition-transform duration-200 group-data-[state=open]:rotate-180 motion-reduce:transition-none" />
              </Accordion.Trigger>
            </h3>
          </Accordion.Header>
          <Accordion.Content className="px-5 pb-5 text-ink-muted">
            <p className="max-w-prose whitespace-pre-line">{item.answer}</p>
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
