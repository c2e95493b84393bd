const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "Nov 24, 2026" from an ISO date-time (DESIGN-BRIEF: formatted for people). */
export function formatDate(isoDateTime: string): string {
  return dateFormat.format(new Date(isoDateTime));
}
