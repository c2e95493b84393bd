import { savedSearchConsoleTexts as texts } from '@si/contracts';
import { Skeleton } from '../../../components/ui/skeleton';
import { cx } from '../../../lib/class-names';
import { useSavedSearchStats } from '../api/get-saved-search-stats';
import { SectionHeading } from './console-shell';
import { formatWhen } from './format-when';
import { LoadFailed } from './list-states';

/** /admin/saved-searches: the saved searches in figures and the alert job's last run (ADR 034). */
export function SavedSearchesPage() {
  const stats = useSavedSearchStats();
  const figure = (value: number | undefined) =>
    value === undefined ? <Skeleton className="h-9 w-16" /> : value.toLocaleString('en-US');
  const run = stats.data?.lastRun;
  return (
    <section aria-labelledby="console-saved-searches" className="flex flex-col gap-5">
      <SectionHeading id="console-saved-searches" title={texts.nav} intro={texts.intro} />
      {stats.isError ? (
        <LoadFailed error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {(
              [
                [texts.savedSearches, stats.data?.savedSearches],
                [texts.weekly, stats.data?.weekly],
                [texts.monthly, stats.data?.monthly],
                [texts.users, stats.data?.users],
                [texts.due, stats.data?.due],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="flex flex-col gap-1 surface-card p-4">
                <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
                <dd className="text-3xl font-semibold tracking-tight tabular-nums">
                  {figure(value)}
                </dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-col gap-2 surface-card p-5 sm:p-6">
            <h3 className="text-lg font-semibold">{texts.lastRun}</h3>
            {stats.isPending ? (
              <Skeleton className="h-5 w-2/3" />
            ) : run ? (
              <>
                <p className="flex flex-wrap items-center gap-2">
                  <span
                    className={cx(
                      'rounded-pill border px-2.5 py-0.5 text-sm font-semibold',
                      run.outcome === 'done'
                        ? 'border-success-line bg-success-soft text-success-ink'
                        : 'border-danger-line bg-danger-soft text-danger-ink',
                    )}
                  >
                    {texts.outcome[run.outcome]}
                  </span>
                  <span className="text-ink-muted">{texts.ranAt(formatWhen(run.startedAt))}</span>
                </p>
                <p className="text-ink-muted">
                  {texts.checked(run.searchesChecked)} · {texts.queued(run.emailsQueued)}
                </p>
                {run.error ? <p className="break-words text-danger-ink">{run.error}</p> : null}
              </>
            ) : (
              <p className="text-ink-muted">{texts.noRun}</p>
            )}
          </div>
        </>
      )}
    </section>
  );
}
