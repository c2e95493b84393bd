const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * "Nov 25, 2026" from an ISO date-time, in UTC: a page rendered on the server shows the same day
 * as the browser that hydrates it, wherever either is.
 */
export function formatDay(isoDateTime: string): string {
  return dayFormat.format(new Date(isoDateTime));
}
