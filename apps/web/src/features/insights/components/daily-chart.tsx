import { insightsTexts } from '@si/contracts';

export interface ChartDay {
  day: string;
  value: number;
}

const WIDTH = 720;
const HEIGHT = 200;
const AXIS = 24;

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * One metric per day as bars, drawn in SVG (no chart library on the dashboard), with the
 * numbers as a table for screen readers and for anyone who opens it.
 */
export function DailyChart({ metric, days }: { metric: string; days: ChartDay[] }) {
  const highest = Math.max(1, ...days.map((entry) => entry.value));
  const slot = WIDTH / Math.max(days.length, 1);
  const bar = Math.max(2, slot * 0.7);
  const label = insightsTexts.chartLabel(metric, days.length);
  return (
    <figure className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between text-xs text-ink-subtle">
        <span>{metric}</span>
        <span>
          {highest.toLocaleString('en-US')}
          <span className="sr-only"> at most in a day</span>
        </span>
      </div>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`}
        preserveAspectRatio="none"
        className="h-48 w-full sm:h-56"
        data-testid="insights-chart"
      >
        <line x1="0" x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="stroke-line" strokeWidth="1" />
        <line
          x1="0"
          x2={WIDTH}
          y1="1"
          y2="1"
          className="stroke-line"
          strokeDasharray="4 4"
          strokeWidth="1"
        />
        {days.map((entry, index) => {
          const height = (entry.value / highest) * (HEIGHT - 4);
          return (
            <rect
              key={entry.day}
              x={index * slot + (slot - bar) / 2}
              y={HEIGHT - height}
              width={bar}
              height={Math.max(height, entry.value > 0 ? 2 : 0)}
              rx={Math.min(3, bar / 2)}
              className="fill-brand"
            >
              <title>{`${dayLabel(entry.day)}: ${entry.value.toLocaleString('en-US')}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="flex justify-between text-xs text-ink-subtle" aria-hidden="true">
        <span>{days[0] ? dayLabel(days[0].day) : ''}</span>
        <span>{days.at(-1) ? dayLabel(days.at(-1)!.day) : ''}</span>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-brand-ink underline-offset-4 hover:underline">
          {insightsTexts.showTable}
        </summary>
        <table className="mt-2 w-full max-w-sm text-left">
          <caption className="sr-only">{label}</caption>
          <thead>
            <tr className="text-ink-muted">
              <th scope="col" className="py-1 font-semibold">
                {insightsTexts.day}
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                {metric}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((entry) => (
              <tr key={entry.day} className="border-t border-line">
                <td className="py-1">{dayLabel(entry.day)}</td>
                <td className="py-1 text-right tabular-nums">
                  {entry.value.toLocaleString('en-US')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
