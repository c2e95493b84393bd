import { NavLink, useLocation } from 'react-router';
import { authFormTexts } from '@si/contracts';
import { cx } from '../../../lib/class-names';

const tabs = [
  { to: '/login', label: authFormTexts.tabLogin },
  { to: '/signup', label: authFormTexts.tabSignup },
] as const;

/** Log In / Sign Up: two pages shown as tabs; switching keeps the navigation state (the origin). */
export function AuthTabs() {
  const location = useLocation();
  return (
    <nav aria-label="Account" className="grid grid-cols-2 gap-1 rounded-control bg-sunken p-1">
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          replace
          state={location.state}
          className={({ isActive }) =>
            cx(
              'flex min-h-10 items-center justify-center rounded-[calc(var(--radius-control)-2px)] font-semibold transition-colors',
              isActive ? 'bg-surface text-ink shadow-card' : 'text-ink-muted hover:text-ink',
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
