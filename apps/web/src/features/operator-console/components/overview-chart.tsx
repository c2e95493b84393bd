import { useId } from 'react';
import { consoleTexts, type AdminOverview } from '@si/contracts';
import { cx } from '../../../lib/class-names';
import { formatDollars, formatShortDay } from './format-when';

type Day = AdminOverview['days'][number];

/** The top of a chart's scale: 1, 2 or 5 times a power of ten, at least `least`. */
export function scaleTop(max: number, least: number): number {
  const top = Math.max(max, least);
  const power = 10 ** Math.floor(Math.log10(top));
  const step = [1, 2, 5, 10].find((multiple) => multiple * power >= top) ?? 10;
  return step * power;
}

interface Series {
  label: string;
  values: number[];
  /** Tailwind classes: the stroke or fill, and the legend's swatch. */
  mark: string;
  swatch: string;
  dashed?: boolean;
}

const HEIGHT = 100;

/**
 * One chart of the last 90 days, in plain SVG: the plot stretches to the width it is given
 * (its lines keep their thickness), while the axis labels and legend are text around it, so they
 * read the same at 375 px and at 1280 px.
 */
function DayChart({
  title,
  description,
  days,
  series,
  kind,
  top,
  formatTick,
}: {
  title: string;
  description: string;
  days: Day[];
  series: Series[];
  kind: 'lines' | 'bars';
  top: number;
  formatTick: (value: number) => string;
}) {
  const id = useId();
  const count = Math.max(days.length, 1);
  const y = (value: number) => HEIGHT - (value / top) * HEIGHT;
  const first = days[0];
  const middle = days[Math.floor(days.length / 2)];
  const last = days.at(-1);
  return (
    <figure className="flex min-w-0 flex-col gap-3">
      <figcaption className="flex flex-col gap-1">
        <span className="font-semibold text-ink">{title}</span>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted">
          {series.map((item) => (
            <li key={item.label} className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className={cx('inline-block h-1 w-4 rounded-full', item.swatch)}
              />
              {item.label}
            </li>
          ))}
        </ul>
      </figcaption>
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <div
          aria-hidden="true"
          className="flex h-36 flex-col justify-between text-right text-xs text-ink-muted tabular-nums sm:h-44"
        >
          <span className="-translate-y-1/2">{formatTick(top)}</span>
          <span>{formatTick(top / 2)}</span>
          <span className="translate-y-1/2">{formatTick(0)}</span>
        </div>
        <svg
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          viewBox={`0 0 ${count} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-36 w-full overflow-visible border-b border-l border-line-strong sm:h-44"
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          {[0.5, 0].map((fraction) => (
            <line
              key={fraction}
              x1={0}
              x2={count}
              y1={HEIGHT * fraction}
              y2={HEIGHT * fraction}
              vectorEffect="non-scaling-stroke"
              className="stroke-line"
              strokeDasharray="3 3"
            />
          ))}
          {series.map((item) =>
            kind === 'bars' ? (
              <g key={item.label} className={item.mark}>
                {item.values.map((value, index) =>
                  value > 0 ? (
                    <rect
                      key={days[index]?.day ?? index}
                      x={index + 0.15}
                      width={0.7}
                      y={y(value)}
                      height={HEIGHT - y(value)}
                    />
                  ) : null,
                )}
              </g>
            ) : (
              <polyline
                key={item.label}
                fill="none"
                strokeWidth={2}
                strokeLinejoin="round"
                vectorEffect="non-scaling-stroke"
                strokeDasharray={item.dashed ? '5 3' : undefined}
                className={item.mark}
                points={item.values.map((value, index) => `${index + 0.5},${y(value)}`).join(' ')}
              />
            ),
          )}
        </svg>
        <span />
        <div aria-hidden="true" className="mt-1 flex justify-between gap-2 text-xs text-ink-muted">
          <span>{first ? formatShortDay(first.day) : ''}</span>
          <span className="hidden sm:inline">{middle ? formatShortDay(middle.day) : ''}</span>
          <span>{last ? formatShortDay(last.day) : ''}</span>
        </div>
      </div>
    </figure>
  );
}

const counts = (top: number) => (value: number) =>
  top < 10 && !Number.isInteger(value) ? value.toFixed(1) : value.toLocaleString('en-US');

/**
 * The overview's 90 days: sign-ups and first publications (lines), and new subscriptions'
 * revenue (bars), each with its own scale; the figures themselves in a table under them.
 */
export function OverviewCharts({ days }: { days: Day[] }) {
  const signUps = days.map((day) => day.signUps);
  const publications = days.map((day) => day.publications);
  const revenue = days.map((day) => day.revenueCents);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const countTop = scaleTop(Math.max(0, ...signUps, ...publications), 2);
  const revenueTop = scaleTop(Math.max(0, ...revenue), 10_000);
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-8 xl:grid-cols-2">
        <DayChart
          title={consoleTexts.chartCountsTitle}
          description={consoleTexts.chartCountsDescription(sum(signUps), sum(publications))}
          days={days}
          kind="lines"
          top={countTop}
          formatTick={counts(countTop)}
          series={[
            {
              label: consoleTexts.signUps,
              values: signUps,
              mark: 'stroke-brand',
              swatch: 'bg-brand',
            },
            {
              label: consoleTexts.publications,
              values: publications,
              mark: 'stroke-approach-ink',
              swatch: 'bg-approach-ink',
              dashed: true,
            },
          ]}
        />
        <DayChart
          title={consoleTexts.chartRevenueTitle}
          description={consoleTexts.chartRevenueDescription(formatDollars(sum(revenue)))}
          days={days}
          kind="bars"
          top={revenueTop}
          formatTick={formatDollars}
          series={[
            {
              label: consoleTexts.revenue,
              values: revenue,
              mark: 'fill-methods-ink',
              swatch: 'bg-methods-ink',
            },
          ]}
        />
      </div>
      <details className="group rounded-control border border-line">
        <summary className="flex min-h-touch cursor-pointer items-center px-4 font-semibold text-brand-ink sm:min-h-10">
          {consoleTexts.showFigures}
        </summary>
        <div className="max-h-96 overflow-auto border-t border-line">
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-sunken text-ink-muted">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">
                  {consoleTexts.day}
                </th>
                <th scope="col" className="px-4 py-2 text-right font-semibold">
                  {consoleTexts.signUps}
                </th>
                <th scope="col" className="px-4 py-2 text-right font-semibold">
                  {consoleTexts.publications}
                </th>
                <th scope="col" className="px-4 py-2 text-right font-semibold">
                  {consoleTexts.revenue}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line tabular-nums">
              {[...days].reverse().map((day) => (
                <tr key={day.day}>
                  <th scope="row" className="px-4 py-1.5 font-normal whitespace-nowrap">
                    {day.day}
                  </th>
                  <td className="px-4 py-1.5 text-right">{day.signUps}</td>
                  <td className="px-4 py-1.5 text-right">{day.publications}</td>
                  <td className="px-4 py-1.5 text-right">{formatDollars(day.revenueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
