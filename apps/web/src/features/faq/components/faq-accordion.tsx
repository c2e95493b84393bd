import { useId, useState } from 'react';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { faqTexts, type FaqItem } from '@si/contracts';
import { cx } from '../../../lib/class-names';

/**
 * Questions of one category: one answer open at a time, and the open one can be closed. A few
 * lines of state rather than a component library, to keep the FAQ's pages light; without
 * JavaScript every answer shows.
 */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const baseId = useId();
  if (items.length === 0) {
    return (
      <p className="rounded-card border border-line bg-surface px-5 py-4 text-ink-muted">
        {faqTexts.empty}
      </p>
    );
  }
  return (
    <div className="divide-y divide-line overflow-hidden surface-card">
      {items.map((item) => {
        const open = openId === item.id;
        const panelId = `${baseId}-${item.id}`;
        return (
          <div key={item.id} data-testid="faq-item" data-state={open ? 'open' : 'closed'}>
            <h3>
              <button
                type="button"
                id={`${panelId}-question`}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
                className="group flex min-h-touch w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-ink transition-colors hover:bg-sunken focus-visible:-outline-offset-3"
              >
                {item.question}
                <ChevronDownIcon className="size-5 shrink-0 text-ink-muted transition-transform duration-200 group-aria-expanded:rotate-180 motion-reduce:transition-none no-js:hidden" />
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={`${panelId}-question`}
              className={cx('px-5 pb-5 text-ink-muted', !open && 'hidden no-js:block!')}
            >
              <p className="max-w-prose whitespace-pre-line">{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
