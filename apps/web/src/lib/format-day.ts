const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * "Nov 25, 2026" from an ISO date-time, in UTC: a page rendered on the server shows the same day
 * as the browser that hydrates it, wherever either is. Written as en-US's medium date without
 * Intl: a verified badge on a home page's card would otherwise make the page's first Intl
 * formatter while it hydrates, and its locale and time zone data cost 50 to 250 ms of the main
 * thread (contracts' counts.ts, ADR 039).
 */
export function formatDay(isoDateTime: string): string {
  const day = new Date(isoDateTime);
  if (Number.isNaN(day.getTime())) throw new RangeError(`Not a date: ${isoDateTime}`);
  return `${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}
