import { lazy, Suspense, useRef } from 'react';
import { useNearViewport } from '../../lib/use-near-viewport';

const NewsletterForm = lazy(() =>
  import('../../features/newsletter/components/newsletter-form').then((module) => ({
    default: module.NewsletterForm,
  })),
);

/**
 * The footer's newsletter box, the one part of it that needs a script: its code (the form, the
 * request, the toast) loads as the footer nears the viewport, keeping it off the first load.
 * Its space is reserved, so nothing moves when it arrives; without JavaScript it takes none.
 */
export function NewsletterSlot() {
  const slot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(slot, '600px 0px');
  return (
    <div ref={slot} className="min-h-45 sm:min-h-26 no-js:hidden">
      {near ? (
        <Suspense fallback={null}>
          <NewsletterForm />
        </Suspense>
      ) : null}
    </div>
  );
}
