import { stringify } from 'csv-stringify/sync';
import { insightMetrics, outboundLinks, type InsightCounts, type InsightsDay } from '@si/contracts';
import { DAY_MS, dayOf } from './days.ts';
import type { DailyRow } from './repository.ts';

/*
 * How the daily rows are shaped for the owner: totals, a series of days, a CSV.
 */

export const zeroCounts = (): InsightCounts => ({
  views: 0,
  impressions: 0,
  clicks: Object.fromEntries(outboundLinks.map((link) => [link, 0])) as InsightCounts['clicks'],
  shares: 0,
  embeds: 0,
});

export function addTo(counts: InsightCounts, metric: string, count: number) {
  if (metric === 'views') counts.views += count;
  else if (metric === 'impressions') counts.impressions += count;
  else if (metric === 'shares') counts.shares += count;
  else if (metric === 'embeds') counts.embeds += count;
  else {
    const link = outboundLinks.find((name) => metric === `click_${name}`);
    if (link) counts.clicks[link] += count;
  }
}

/** Every day from `from` to `to` with the people's counts, zeros where nothing was counted. */
export function dailySeries(rows: DailyRow[], from: Date, days: number): InsightsDay[] {
  const byDay = new Map<string, InsightsDay>();
  for (let index = 0; index < days; index += 1) {
    const day = dayOf(new Date(from.getTime() + index * DAY_MS));
    byDay.set(day, { day, ...zeroCounts() });
  }
  for (const row of rows) {
    const entry = byDay.get(row.day);
    if (entry && row.audience === 'people') addTo(entry, row.metric, row.count);
  }
  return [...byDay.values()];
}

/**
 * The days as CSV: a row per day for people, and one for bots on the days they came, each metric
 * a column.
 */
export function csvOf(rows: DailyRow[], from: Date, days: number): string {
  const lines = new Map<string, Record<string, number>>();
  for (let index = 0; index < days; index += 1) {
    lines.set(`${dayOf(new Date(from.getTime() + index * DAY_MS))} people`, {});
  }
  for (const row of rows) {
    const key = `${row.day} ${row.audience}`;
    const line = lines.get(key) ?? {};
    line[row.metric] = (line[row.metric] ?? 0) + row.count;
    lines.set(key, line);
  }
  const records = [...lines.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, line]) => [
      ...key.split(' '),
      ...insightMetrics.map((metric) => line[metric] ?? 0),
    ]);
  return stringify(records, {
    header: true,
    columns: ['day', 'audience', ...insightMetrics],
    record_delimiter: 'windows',
  });
}
