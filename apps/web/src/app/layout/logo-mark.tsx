import { siteName } from '@si/contracts';
import { cx } from '../../lib/class-names';
import { InAppLink } from '../../lib/in-app-links';

/**
 * The Scaling Impact mark: a rising line towards a point of light. Decorative next to the name.
 * The same drawing is the favicon and the brand link's CSS mark (.brand-mark).
 */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="8" className="fill-brand" />
      <path
        d="M8 21.5 14 15l4 4 6-8"
        fill="none"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-on-brand"
      />
      <circle cx="24" cy="11" r="2.2" className="fill-highlight" />
    </svg>
  );
}

/** The mark (drawn by CSS, .brand-mark) and the name, linking home: the header's and the footer's brand. */
export function BrandLink({ className }: { className?: string }) {
  return (
    <InAppLink
      to="/"
      className={cx(
        'brand-mark flex min-h-touch items-center gap-2.5 rounded-control text-lg font-semibold tracking-tight text-ink',
        className,
      )}
    >
      {siteName}
    </InAppLink>
  );
}
