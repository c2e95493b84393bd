import { useState } from 'react';
import { Download, SearchX } from 'lucide-react';
import {
  dashboardTexts,
  insightPeriods,
  insightsTexts,
  outboundLinks,
  type InsightCounts,
  type InsightPeriod,
  type InsightsDay,
} from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatusCard } from '../../../components/ui/status-card';
import { ApiError } from '../../../lib/api-client';
import { cx } from '../../../lib/class-names';
import { showToast } from '../../../lib/toast';
import { insightsCsvUrl, useInsights } from '../api/get-insights';
import { useSetMonthlyEmail } from '../api/set-monthly-email';
import { DailyChart } from './daily-chart';

type Metric = keyof typeof insightsTexts.metrics;
const metrics: Metric[] = ['views', 'impressions', 'clicks', 'shares'];

const clicksOf = (counts: InsightCounts) =>
  outboundLinks.reduce((sum, link) => sum + counts.clicks[link], 0);

function valueOf(counts: InsightCounts | InsightsDay, metric: Metric): number {
  return metric === 'clicks' ? clicksOf(counts) : counts[metric];
}

function PanelSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-4" data-testid="insights-loading">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
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
  const monthlyEmail = useSetMonthlyEmail(organizationId);
  /**
   * The choice while it is being saved, set in the click's own handler: the mutation's pending
   * state reaches the page a moment later, and by then React had put the controlled box back.
   */
  const [savingMonthlyEmail, setSavingMonthlyEmail] = useState<boolean | null>(null);
  const [metric, setMetric] = useState<Metric>('views');

  const toolbar = (
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
      <StatusCard
        icon={<SearchX className="size-6" />}
        title={insightsTexts.notFoundTitle}
        className="border-dashed bg-canvas py-8"
      >
        <p className="text-ink-muted">{insightsTexts.notFound}</p>
      </StatusCard>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col gap-5">
        {toolbar}
        <Notice tone="danger" message={insightsTexts.failed}>
          <Button
            variant="secondary"
            size="sm"
            className="w-fit"
            onClick={() => void query.refetch()}
          >
            {dashboardTexts.retry}
          </Button>
        </Notice>
      </div>
    );
  }

  const insights = query.data;
  const nothing = metrics.every((name) => valueOf(insights.totals, name) === 0);
  const label = insightsTexts.metrics[metric];
  return (
    <div className={cx('flex flex-col gap-5', query.isPlaceholderData && 'opacity-60')}>
      {toolbar}
      <ul
        className="grid grid-cols-2 gap-3 lg:grid-cols-4"
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
                onClick={() => setMetric(name)}
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
      {nothing ? <Notice message={insightsTexts.empty} /> : null}
      <DailyChart
        metric={label}
        days={insights.daily.map((entry) => ({ day: entry.day, value: valueOf(entry, metric) }))}
      />
      <section aria-labelledby="clicks-by-link" className="flex flex-col gap-2">
        <h3 id="clicks-by-link" className="font-semibold">
          {insightsTexts.clicksByLink}
        </h3>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {outboundLinks.map((link) => (
            <div key={link} className="flex flex-col rounded-control bg-sunken px-3 py-2">
              <dt className="text-sm text-ink-muted">{insightsTexts.links[link]}</dt>
              <dd className="font-semibold tabular-nums" data-testid={`insights-clicks-${link}`}>
                {insights.totals.clicks[link].toLocaleString('en-US')}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <p className="text-sm text-ink-subtle">
        {insightsTexts.bots(insights.bots.views, insights.bots.shares)}
      </p>
      <label className="flex items-start gap-3 rounded-control border border-line p-3">
        <input
          type="checkbox"
          className="mt-1 size-4 accent-brand"
          // Shows the choice at once; the server's answer confirms it or puts it back.
          checked={savingMonthlyEmail ?? insights.monthlyEmail}
          disabled={savingMonthlyEmail !== null}
          onChange={(event) => {
            const on = event.target.checked;
            setSavingMonthlyEmail(on);
            monthlyEmail.mutate(on, {
              onSuccess: (saved) => showToast('success', insightsTexts.monthlyEmailSaved(saved.on)),
              onError: () => showToast('error', insightsTexts.monthlyEmailFailed),
              onSettled: () => setSavingMonthlyEmail(null),
            });
          }}
        />
        <span className="flex flex-col gap-0.5">
          <span className="font-semibold">{insightsTexts.monthlyEmail}</span>
          <span className="text-sm text-ink-muted">{insightsTexts.monthlyEmailHelp}</span>
        </span>
      </label>
    </div>
  );
}
