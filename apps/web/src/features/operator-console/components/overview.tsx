import { Link } from 'react-router';
import { Building2, Flag, ScrollText } from 'lucide-react';
import { consoleTexts } from '@si/contracts';
import { consolePaths, SectionHeading } from './console-shell';

const sections = [
  {
    to: consolePaths.reports,
    title: consoleTexts.navReports,
    text: consoleTexts.reportsIntro,
    icon: Flag,
  },
  {
    to: consolePaths.organizations,
    title: consoleTexts.navOrganizations,
    text: consoleTexts.organizationsIntro,
    icon: Building2,
  },
  {
    to: consolePaths.audit,
    title: consoleTexts.navAudit,
    text: consoleTexts.auditIntro,
    icon: ScrollText,
  },
] as const;

/**
 * /admin: the console's sections. The overview's figures (issue 23, a later part) go above them;
 * until then it says so rather than show numbers it does not have.
 */
export function ConsoleOverview() {
  return (
    <section aria-labelledby="console-overview" className="flex flex-col gap-5">
      <SectionHeading
        id="console-overview"
        title={consoleTexts.navHome}
        intro={consoleTexts.overviewIntro}
      />
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {sections.map(({ to, title, text, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full flex-col gap-2 surface-card p-5 transition-colors hover:border-brand"
            >
              <span className="flex items-center gap-2.5 text-lg font-semibold text-brand-ink">
                <Icon aria-hidden="true" className="size-5" />
                {title}
              </span>
              <span className="text-ink-muted">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
