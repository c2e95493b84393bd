import { lazy, Suspense, useRef } from 'react';
import { useNearViewport } from '../../lib/use-near-viewport';

const SiteFooter = lazy(() => import('./site-footer'));

/**
 * The footer sits below the fold on every content page: its code (newsletter form, contact
 * email) loads when it nears the viewport, keeping it off the first load. The space it will
 * take is reserved so the page height does not change under the visitor.
 */
export function DeferredFooter() {
  const placeholder = useRef<HTMLDivElement>(null);
  const near = useNearViewport(placeholder, '600px 0px');
  return (
    <div ref={placeholder} className="mt-16 min-h-96 md:min-h-72">
      {near ? (
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      ) : null}
    </div>
  );
}
