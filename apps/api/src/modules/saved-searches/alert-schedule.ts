import type { SavedSearchFrequencyName } from '@si/contracts';

/** An unsubscribe link works this long after its email: past the next alert, which has its own. */
export const UNSUBSCRIBE_LINK_DAYS = 90;

/**
 * When a search's next alert is due after one due at `from`: a week, or a calendar month (UTC)
 * later; from `now` instead when that is already past (a server that was down sends one alert,
 * not one per missed period).
 */
export function nextAlertAt(from: Date, frequency: SavedSearchFrequencyName, now: Date): Date {
  const after = (start: Date) =>
    frequency === 'weekly'
      ? new Date(start.getTime() + 7 * 24 * 60 * 60 * 1000)
      : new Date(
          Date.UTC(
            start.getUTCFullYear(),
            start.getUTCMonth() + 1,
            start.getUTCDate(),
            start.getUTCHours(),
            start.getUTCMinutes(),
            start.getUTCSeconds(),
          ),
        );
  const next = after(from);
  return next > now ? next : after(now);
}
