import { useEffect, useState } from 'react';
import { SCROLL_TO_TOP_THRESHOLD_PX } from '@si/contracts';
import { cx } from '../../lib/class-names';
import { ArrowUpIcon } from './icons';

/** A floating 'back to top' button that appears after scrolling beyond 500 px. */
export function ScrollToTopButton() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      onClick={() => {
        const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
      }}
      className={cx(
        'fixed right-4 bottom-4 z-40 flex size-12 items-center justify-center rounded-pill bg-brand text-on-brand shadow-raised',
        'transition-colors hover:bg-brand-strong sm:right-8 sm:bottom-8',
      )}
    >
      <ArrowUpIcon className="size-5" />
    </button>
  );
}
