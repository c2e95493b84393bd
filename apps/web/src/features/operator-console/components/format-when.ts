const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "Nov 25, 2026, 3:04 AM" from an ISO date-time: when an operator needs the hour too. */
export function formatWhen(isoDateTime: string): string {
  return dateTime.format(new Date(isoDateTime));
}

/** "Nov 25, 2026" from an ISO date or date-time (a period's end, a code's last day), in UTC. */
export function formatDay(isoDate: string): string {
  return date.format(new Date(isoDate));
}

/** "Nov 25" from an ISO date: a chart's axis. */
export function formatShortDay(isoDate: string): string {
  return shortDay.format(new Date(isoDate));
}

/** "$1,234" (or "$12.50") from cents. */
export function formatDollars(cents: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}
