import { useState } from 'react';
import { Download, SearchX } from 'lucide-react';
import {
  dashboardTexts,
  insightPeriods,
  insightsTexts,
  outboundLinks,
  type InsightCounts,
  type InsightPeriod,
  type Insights,
  type InsightsDay,
} from '@si/contracts';
import { ListState } from '../../../components/ui/list-state';
import { Notice } from '../../../components/ui/notice';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { cx } from '../../../lib/class-names';
import { showToast } from '../../../lib/toast';
import { insightsCsvUrl, useInsights } from '../api/get-insights';
import { useSetMonthlyEmail } from '../api/set-monthly-email';
import { DailyChart } from './daily-chart';

type Metric = keyof typeof insightsTexts.metrics;
const metrics: Metric[] = ['views', 'impressions', 'clicks', 'shares', 'embeds'];

const clicksOf = (counts: InsightCounts) =>
  outboundLinks.reduce((sum, link) => sum + counts.clicks[link], 0);

function valueOf(counts: InsightCounts | InsightsDay, metric: Metric): number {
  return metric === 'clicks' ? clicksOf(counts) : counts[metric];
}

function PanelSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-4" data-testid="insights-loading">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {metrics.map((metric) => (
          <Skeleton key={metric} className="h-24 rounded-control" />
        ))}
      </div>
      <Skeleton className="h-56 rounded-control" />
    </div>
  );
}

/** Period buttons: 7, 30 or 90 days. */
function PeriodSwitch({
  days,
  onChange,
}: {
  days: InsightPeriod;
  onChange: (days: InsightPeriod) => void;
}) {
  return (
    <div
      role="group"
      aria-label={insightsTexts.period}
      className="inline-flex rounded-control bg-sunken p-1"
    >
      {insightPeriods.map((period) => (
        <button
          key={period}
          type="button"
          aria-pressed={period === days}
          aria-label={insightsTexts.lastDays(period)}
          onClick={() => onChange(period)}
          className={cx(
            'min-h-touch rounded-control px-3 text-sm font-semibold transition-colors sm:min-h-9',
            period === days ? 'bg-surface text-ink shadow-card' : 'text-ink-muted hover:text-ink',
          )}
        >
          {insightsTexts.periodLabel(period)}
        </button>
      ))}
    </div>
  );
}

/** The period's switch and the CSV export of the period shown. */
function Toolbar({
  organizationId,
  days,
  onDaysChange,
}: {
  organizationId: string;
  days: InsightPeriod;
  onDaysChange: (days: InsightPeriod) => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <PeriodSwitch days={days} onChange={onDaysChange} />
      <a
        href={insightsCsvUrl(organizationId, days)}
        download
        className="inline-flex min-h-touch items-center gap-2 text-sm font-semibold text-brand-ink underline-offset-4 hover:underline sm:min-h-9"
      >
        <Download aria-hidden="true" className="size-4" />
        {insightsTexts.downloadCsv}
      </a>
    </div>
  );
}

/** The period's totals against the period before; each picks the metric the chart shows. */
function MetricTotals({
  insights,
  days,
  metric,
  onMetricChange,
}: {
  insights: Insights;
  days: InsightPeriod;
  metric: Metric;
  onMetricChange: (metric: Metric) => void;
}) {
  return (
    <ul
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
      aria-label={insightsTexts.lastDays(days)}
    >
      {metrics.map((name) => {
        const current = valueOf(insights.totals, name);
        const previous = valueOf(insights.previous, name);
        return (
          <li key={name}>
            <button
              type="button"
              aria-pressed={metric === name}
              onClick={() => onMetricChange(name)}
              title={insightsTexts.metricHelp[name]}
              data-testid={`insights-total-${name}`}
              className={cx(
                'flex h-full w-full flex-col items-start gap-1 rounded-control border p-3 text-left transition-colors sm:p-4',
                metric === name
                  ? 'border-brand bg-brand-soft'
                  : 'border-line bg-surface hover:border-line-strong',
              )}
            >
              <span className="text-sm font-semibold text-ink-muted">
                {insightsTexts.metrics[name]}
              </span>
              <span className="text-2xl font-semibold tabular-nums text-ink">
                {current.toLocaleString('en-US')}
              </span>
              <span className="text-xs text-ink-subtle">
                {insightsTexts.change(current, previous)}
                <span className="sr-only">. {insightsTexts.previous(previous)}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function ClicksByLink({ clicks }: { clicks: InsightCounts['clicks'] }) {
  return (
    <section aria-labelledby="clicks-by-link" className="flex flex-col gap-2">
      <h3 id="clicks-by-link" className="font-semibold">
        {insightsTexts.clicksByLink}
      </h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {outboundLinks.map((link) => (
          <div key={link} className="flex flex-col rounded-control bg-sunken px-3 py-2">
            <dt className="text-sm text-ink-muted">{insightsTexts.links[link]}</dt>
            <dd className="font-semibold tabular-nums" data-testid={`insights-clicks-${link}`}>
              {clicks[link].toLocaleString('en-US')}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The monthly summary's choice, saved as it is made. Held by the panel, not the switch: a save
 * still running when the panel shows something else still ends with its toast.
 */
function useMonthlyEmailChoice(organizationId: string) {
  const monthlyEmail = useSetMonthlyEmail(organizationId);
  /**
   * The choice while it is being saved, set in the click's own handler: the mutation's pending
   * state reaches the page a moment later, and by then React had put the controlled box back.
   */
  const [saving, setSaving] = useState<boolean | null>(null);
  const choose = (on: boolean) => {
    setSaving(on);
    monthlyEmail.mutate(on, {
      onSuccess: (saved) => showToast('success', insightsTexts.monthlyEmailSaved(saved.on)),
      onError: () => showToast('error', insightsTexts.monthlyEmailFailed),
      onSettled: () => setSaving(null),
    });
  };
  return { saving, choose };
}

function MonthlyEmailSwitch({
  on,
  choice: { saving, choose },
}: {
  on: boolean;
  choice: ReturnType<typeof useMonthlyEmailChoice>;
}) {
  return (
    <label className="flex items-start gap-3 rounded-control border border-line p-3">
      <input
        type="checkbox"
        className="mt-1 size-4 accent-brand"
        // Shows the choice at once; the server's answer confirms it or puts it back.
        checked={saving ?? on}
        disabled={saving !== null}
        onChange={(event) => choose(event.target.checked)}
      />
      <span className="flex flex-col gap-0.5">
        <span className="font-semibold">{insightsTexts.monthlyEmail}</span>
        <span className="text-sm text-ink-muted">{insightsTexts.monthlyEmailHelp}</span>
      </span>
    </label>
  );
}

/**
 * An owner's insights for one organization: the period's totals against the period before,
 * a chart by day of the metric chosen, clicks by link, bots apart, the CSV export and the
 * monthly summary's switch.
 */
export function InsightsPanel({
  organizationId,
  days,
  onDaysChange,
}: {
  organizationId: string;
  days: InsightPeriod;
  onDaysChange: (days: InsightPeriod) => void;
}) {
  const query = useInsights(organizationId, days);
  const monthlyEmail = useMonthlyEmailChoice(organizationId);
  const [metric, setMetric] = useState<Metric>('views');
  const toolbar = (
    <Toolbar organizationId={organizationId} days={days} onDaysChange={onDaysChange} />
  );

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-5">
        {toolbar}
        <PanelSkeleton />
      </div>
    );
  }
  if (query.isError && query.error instanceof ApiError && query.error.status === 404) {
    return (
      <ListState empty={insightsTexts.notFoundTitle} icon={<SearchX className="size-6" />}>
        <p className="text-ink-muted">{insightsTexts.notFound}</p>
      </ListState>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col gap-5">
        {toolbar}
        <ListState
          failed={insightsTexts.failed}
          retryLabel={dashboardTexts.retry}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  }

  const insights = query.data;
  const nothing = metrics.every((name) => valueOf(insights.totals, name) === 0);
  return (
    <div className={cx('flex flex-col gap-5', query.isPlaceholderData && 'opacity-60')}>
      {toolbar}
      <MetricTotals insights={insights} days={days} metric={metric} onMetricChange={setMetric} />
      {nothing ? <Notice message={insightsTexts.empty} /> : null}
      <DailyChart
        metric={insightsTexts.metrics[metric]}
        days={insights.daily.map((entry) => ({ day: entry.day, value: valueOf(entry, metric) }))}
      />
      <ClicksByLink clicks={insights.totals.clicks} />
      <p className="text-sm text-ink-subtle">
        {insightsTexts.bots(insights.bots.views, insights.bots.shares)}
      </p>
      <MonthlyEmailSwitch on={insights.monthlyEmail} choice={monthlyEmail} />
    </div>
  );
}
