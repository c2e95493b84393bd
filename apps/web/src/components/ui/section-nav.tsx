import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { cx } from '../../lib/class-names';

export interface SectionNavItem {
  to: string;
  label: string;
  icon: ComponentType<{ 'aria-hidden'?: boolean | 'true'; className?: string }>;
  /** The section shown now: each area decides which, from its own addresses. */
  active: boolean;
}

/**
 * An area's sections (the dashboard's, the operator console's): a side nav on wide screens;
 * above the content, a block of tabs in two columns on phones (an odd last one across both)
 * and four on tablets. Links, not router NavLinks: which section is current is the area's call
 * (/profile is the dashboard's Profile).
 */
export function SectionNav({
  label,
  items,
  className,
}: {
  label: string;
  items: readonly SectionNavItem[];
  className?: string;
}) {
  return (
    <nav aria-label={label} className={className}>
      <ul className="grid grid-cols-2 gap-1 rounded-control bg-sunken p-1 sm:grid-cols-4 lg:flex lg:flex-col lg:bg-transparent lg:p-0">
        {items.map(({ to, label: name, icon: Icon, active }) => (
          // On a phone an odd last tab takes the whole row rather than half of it.
          <li key={to} className="min-w-0 max-sm:odd:last:col-span-2">
            <Link
              to={to}
              aria-current={active ? 'page' : undefined}
              className={cx(
                'flex min-h-touch items-center justify-center gap-2.5 rounded-control px-2 text-sm font-semibold transition-colors sm:text-base lg:min-h-10 lg:justify-start lg:px-3',
                active
                  ? 'bg-surface text-ink shadow-card lg:bg-brand-soft lg:text-brand-ink lg:shadow-none'
                  : 'text-ink-muted hover:text-ink lg:hover:bg-sunken',
              )}
            >
              <Icon aria-hidden="true" className="hidden size-5 shrink-0 sm:block" />
              <span className="truncate">{name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
