import { sql } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE } from '@si/contracts';

/**
 * What the operator console's reads share, whichever module's table they read (ADR 028): its
 * pages, its search pattern and the overview's 90 days.
 */

/** `%text%` for ILIKE, with the pattern's own characters taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export const offsetOf = (page: number) => (page - 1) * ADMIN_PAGE_SIZE;

/** One page of a list with the whole list's count, read at once. */
export async function pageOf<Row>(rows: Promise<Row[]>, counted: Promise<{ total: number }[]>) {
  const [page, [first]] = await Promise.all([rows, counted]);
  return { rows: page, total: first!.total };
}

/** The overview's 90 days up to `now`'s (UTC), as a `days (day)` table for a WITH clause. */
export const overviewDays = (now: Date) => sql`days as (
  select generate_series((${now.toISOString()}::timestamptz at time zone 'UTC')::date - 89,
    (${now.toISOString()}::timestamptz at time zone 'UTC')::date, interval '1 day')::date as day
)`;

/** The rows of a raw query (drizzle's `execute` answers in the driver's shape). */
export const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
