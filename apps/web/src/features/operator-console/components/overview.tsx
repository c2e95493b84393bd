import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { consoleRoleTexts, consoleTexts, type AdminOverview } from '@si/contracts';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { useOverview } from '../api/get-overview';
import { consolePaths, SectionHeading } from './console-shell';
import { formatDollars } from './format-when';
import { LoadFailed } from './list-states';
import { OverviewCharts } from './overview-chart';

const number = (value: number) => value.toLocaleString('en-US');

/** One figure: what it counts, the number, and a line under it. */
function Figure({
  label,
  value,
  children,
}: {
  label: string;
  value: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1 surface-card p-4">
      <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
      <dd className="text-3xl font-semibold tracking-tight text-ink tabular-nums">{value}</dd>
      {children ? <dd className="text-sm text-ink-muted">{children}</dd> : null}
    </div>
  );
}

function FigureGroup({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h3 id={id} className="text-xl font-semibold">
        {title}
      </h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">{children}</dl>
    </section>
  );
}

function Figures({ overview }: { overview: AdminOverview }) {
  const { organizations, activeSubscriptions: plans } = overview;
  const states = ['published', 'lapsing', 'lapsed', 'unpaid', 'held'] as const;
  return (
    <>
      <FigureGroup id="console-figures-organizations" title={consoleTexts.organizationsHeading}>
        {states.map((state) => (
          <Figure
            key={state}
            label={consoleTexts.figures[state]}
            value={number(organizations[state])}
          >
            {consoleTexts.figureHints[state]}
          </Figure>
        ))}
      </FigureGroup>
      <FigureGroup id="console-figures-business" title={consoleTexts.businessHeading}>
        <Figure
          label={consoleTexts.figures.monthlyRecurring}
          value={formatDollars(overview.monthlyRecurringCents)}
        />
        <Figure
          label={consoleTexts.figures.activeSubscriptions}
          value={number(plans.monthly + plans.yearly + plans.guest)}
        >
          {consoleTexts.subscriptionsByPlan(plans.monthly, plans.yearly, plans.guest)}
        </Figure>
        <Figure label={consoleTexts.figures.newUsers} value={number(overview.newUsers30Days)} />
        <Figure
          label={consoleTexts.figures.newOrganizations}
          value={number(overview.newOrganizations30Days)}
        />
        <Figure label={consoleTexts.figures.openReports} value={number(overview.openReports)}>
          <Link
            to={consolePaths.reports}
            className="font-semibold text-brand-ink underline-offset-4 hover:underline"
          >
            {consoleTexts.reviewReports}
            <ArrowRight aria-hidden="true" className="ml-1 inline size-4 align-[-0.125em]" />
          </Link>
        </Figure>
      </FigureGroup>
      <FigureGroup id="console-figures-roles" title={consoleRoleTexts.figuresHeading}>
        <Figure label={consoleRoleTexts.figures.open} value={number(overview.roles.open)}>
          {consoleRoleTexts.figureHints.open(overview.roles.public)}
        </Figure>
        {(['closed', 'expired', 'held'] as const).map((status) => (
          <Figure
            key={status}
            label={consoleRoleTexts.figures[status]}
            value={number(overview.roles[status])}
          >
            {consoleRoleTexts.figureHints[status]}
          </Figure>
        ))}
      </FigureGroup>
      <section
        aria-labelledby="console-figures-days"
        className="flex flex-col gap-4 surface-card p-4 sm:p-6"
      >
        <h3 id="console-figures-days" className="text-xl font-semibold">
          {consoleTexts.last90Days}
        </h3>
        <OverviewCharts days={overview.days} />
      </section>
    </>
  );
}

function OverviewSkeleton() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-3">
      <p className="flex items-center gap-2 text-sm font-semibold text-ink-muted">
        <Spinner className="size-4" />
        {consoleTexts.loadingOf('the figures')}
      </p>
      <div aria-hidden="true" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
        {Array.from({ length: 10 }, (_, index) => (
          <Skeleton key={index} className="h-28 w-full" />
        ))}
      </div>
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

/** /admin: the directory and the business in figures, and the last 90 days in two charts. */
export function ConsoleOverview() {
  const overview = useOverview();
  return (
    <section aria-labelledby="console-overview" className="flex flex-col gap-6">
      <SectionHeading
        id="console-overview"
        title={consoleTexts.navHome}
        intro={consoleTexts.overviewIntro}
      />
      {overview.isPending ? (
        <OverviewSkeleton />
      ) : overview.isError ? (
        <LoadFailed error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <Figures overview={overview.data} />
      )}
    </section>
  );
}
