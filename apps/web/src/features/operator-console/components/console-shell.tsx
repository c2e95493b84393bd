import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import {
  BellRing,
  Building2,
  CreditCard,
  Flag,
  LayoutGrid,
  Mail,
  Newspaper,
  ScrollText,
  UsersRound,
} from 'lucide-react';
import { consoleTexts, savedSearchConsoleTexts } from '@si/contracts';
import { PageContainer } from '../../../components/ui/page-container';
import { cx } from '../../../lib/class-names';

export const consolePaths = {
  overview: '/admin',
  reports: '/admin/reports',
  organizations: '/admin/organizations',
  users: '/admin/users',
  payments: '/admin/payments',
  email: '/admin/email',
  newsletter: '/admin/newsletter',
  savedSearches: '/admin/saved-searches',
  audit: '/admin/audit',
} as const;

const sections = [
  { to: consolePaths.overview, label: consoleTexts.navHome, icon: LayoutGrid, exact: true },
  { to: consolePaths.reports, label: consoleTexts.navReports, icon: Flag, exact: false },
  {
    to: consolePaths.organizations,
    label: consoleTexts.navOrganizations,
    icon: Building2,
    exact: false,
  },
  { to: consolePaths.users, label: consoleTexts.navUsers, icon: UsersRound, exact: false },
  { to: consolePaths.payments, label: consoleTexts.navPayments, icon: CreditCard, exact: false },
  { to: consolePaths.email, label: consoleTexts.navEmail, icon: Mail, exact: false },
  {
    to: consolePaths.newsletter,
    label: consoleTexts.navNewsletter,
    icon: Newspaper,
    exact: false,
  },
  {
    to: consolePaths.savedSearches,
    label: savedSearchConsoleTexts.nav,
    icon: BellRing,
    exact: false,
  },
  { to: consolePaths.audit, label: consoleTexts.navAudit, icon: ScrollText, exact: false },
] as const;

/**
 * The console around its sections: a side nav on wide screens; above the section, a block of
 * tabs in two columns on phones and four on tablets (docs/product.md#operator-console).
 */
export function ConsoleShell({
  operatorEmail,
  children,
}: {
  operatorEmail: string;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <PageContainer className="flex flex-col gap-6 py-8 sm:py-12">
      <div className="flex flex-col gap-1">
        <h1 className="text-headline font-semibold tracking-tight sm:text-display">
          {consoleTexts.heading}
        </h1>
        <p className="break-words text-ink-muted">{consoleTexts.signedInAs(operatorEmail)}</p>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10">
        <nav aria-label={consoleTexts.navLabel} className="lg:sticky lg:top-24 lg:self-start">
          <ul className="grid grid-cols-2 gap-1 rounded-control bg-sunken p-1 sm:grid-cols-4 lg:flex lg:flex-col lg:bg-transparent lg:p-0">
            {sections.map(({ to, label, icon: Icon, exact }) => {
              const active = exact
                ? pathname === to || pathname === `${to}/`
                : pathname.startsWith(to);
              return (
                <li key={to} className="min-w-0">
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
                    <span className="truncate">{label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="flex min-w-0 flex-col gap-6">{children}</div>
      </div>
    </PageContainer>
  );
}

/** A section's heading and the line under it. */
export function SectionHeading({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <h2 id={id} className="text-headline font-semibold tracking-tight">
          {title}
        </h2>
        {intro ? <p className="text-ink-muted">{intro}</p> : null}
      </div>
      {children}
    </div>
  );
}
