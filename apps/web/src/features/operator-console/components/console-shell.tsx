import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
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
  Webhook,
} from 'lucide-react';
import { consoleTexts, savedSearchConsoleTexts, webhookTexts } from '@si/contracts';
import { PageContainer } from '../../../components/ui/page-container';
import { SectionNav } from '../../../components/ui/section-nav';

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
  webhooks: '/admin/webhooks',
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
  { to: consolePaths.webhooks, label: webhookTexts.navLabel, icon: Webhook, exact: false },
  { to: consolePaths.audit, label: consoleTexts.navAudit, icon: ScrollText, exact: false },
] as const;

/**
 * The console around its sections: the sections' nav (a side nav on wide screens, tabs above
 * the section on phones and tablets; docs/product.md#operator-console) and the section.
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
        <SectionNav
          label={consoleTexts.navLabel}
          className="lg:sticky lg:top-24 lg:self-start"
          items={sections.map(({ to, label, icon, exact }) => ({
            to,
            label,
            icon,
            active: exact ? pathname === to || pathname === `${to}/` : pathname.startsWith(to),
          }))}
        />
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
