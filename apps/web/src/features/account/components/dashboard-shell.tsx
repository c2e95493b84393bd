import { createContext, use, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { BellRing, Building2, KeyRound, Plus, Settings, UserRound } from 'lucide-react';
import { apiKeyTexts, dashboardTexts, savedSearchTexts } from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { PageContainer } from '../../../components/ui/page-container';
import { SectionNav } from '../../../components/ui/section-nav';
import { cx } from '../../../lib/class-names';

const sections = [
  { to: '/dashboard', label: dashboardTexts.navProfile, icon: UserRound, also: '/profile' },
  { to: '/dashboard/organizations', label: dashboardTexts.navOrganizations, icon: Building2 },
  { to: '/dashboard/saved-searches', label: savedSearchTexts.navLabel, icon: BellRing },
  { to: '/dashboard/api-keys', label: apiKeyTexts.navLabel, icon: KeyRound },
  { to: '/dashboard/settings', label: dashboardTexts.navSettings, icon: Settings },
] as const;

/**
 * The account area (docs/product.md#account-area): a sidebar with Profile, Organizations, Saved
 * searches, API keys and Settings plus 'Create Organization', and the section beside it. On
 * phones the sections become a block of tabs above the content.
 */
export function DashboardShell({
  banner,
  activePath,
  children,
}: {
  banner?: ReactNode;
  /** The section shown, when it is not the one at the address (/profile showing Organizations). */
  activePath?: string | undefined;
  children: ReactNode;
}) {
  const { pathname: address } = useLocation();
  const pathname = activePath ?? address;
  return (
    <PageContainer className="flex flex-col gap-6 py-8 sm:py-12">
      {banner}
      <h1 className="text-headline font-semibold tracking-tight sm:text-display">
        {dashboardTexts.heading}
      </h1>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <aside className="flex min-w-0 flex-col gap-4 lg:sticky lg:top-24 lg:self-start">
          <SectionNav
            label={dashboardTexts.sidebarLabel}
            items={sections.map(({ to, label, icon, ...rest }) => ({
              to,
              label,
              icon,
              // An organization's insights page is within Organizations.
              active:
                pathname === to ||
                ('also' in rest && pathname === rest.also) ||
                (to !== '/dashboard' && pathname.startsWith(`${to}/`)),
            }))}
          />
          <Link
            to="/submit-organization"
            className={buttonClasses('primary', 'md', 'w-full sm:w-fit lg:w-full')}
          >
            <Plus aria-hidden="true" className="size-5" />
            {dashboardTexts.createOrganization}
          </Link>
        </aside>
        <div className="flex min-w-0 flex-col gap-6">{children}</div>
      </div>
    </PageContainer>
  );
}

/** The heading level of the dashboard's cards: h2, or h3 inside a titled group of cards. */
const SectionHeadingLevel = createContext<'h2' | 'h3'>('h2');

/** A titled group of cards (Account Settings): its cards' headings go one level down. */
export function DashboardSectionGroup({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-6">
      <h2 id={id} className="text-headline font-semibold tracking-tight">
        {title}
      </h2>
      <SectionHeadingLevel value="h3">{children}</SectionHeadingLevel>
    </section>
  );
}

/** A titled card of the dashboard. */
export function DashboardSection({
  id,
  title,
  description,
  action,
  children,
  tone = 'neutral',
}: {
  id: string;
  title: string;
  description?: string;
  action?: ReactNode;
  children: ReactNode;
  tone?: 'neutral' | 'danger';
}) {
  const level = use(SectionHeadingLevel);
  const headingProps = {
    id,
    className: cx('text-xl font-semibold', tone === 'danger' && 'text-danger-ink'),
    children: title,
  };
  return (
    <section
      aria-labelledby={id}
      className={cx(
        'flex flex-col gap-5 surface-card p-5 sm:p-6',
        tone === 'danger' && 'border-danger-line',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          {level === 'h3' ? <h3 {...headingProps} /> : <h2 {...headingProps} />}
          {description ? <p className="text-ink-muted">{description}</p> : null}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
