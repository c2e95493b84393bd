const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 25, 2026, 3:04 AM" from an ISO date-time: when an operator needs the hour too. */
export function formatWhen(isoDateTime: string): string {
  return dateTime.format(new Date(isoDateTime));
}
