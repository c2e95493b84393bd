import type { IndexedOrganization } from './index-types.ts';

/**
 * "Hiring" (at least one open role) is kept as one more category, as the Verified badge is
 * (category-columns.ts): no reference category can be named with a space. It never shows among
 * the facets.
 */
export const HIRING = ' hiring';

/** Today's date in UTC, as PostgreSQL writes a date: what a role's closing date is held to. */
export const utcToday = (): string => new Date().toISOString().slice(0, 10);

/** A role is open through the end of its closing day (UTC): dates compare as strings. */
export function openRoleCount(closings: readonly string[], today: string): number {
  let open = 0;
  for (const closesOn of closings) if (closesOn >= today) open += 1;
  return open;
}

/**
 * The organizations whose count of open roles will change when a day passes, each under the
 * earliest closing date still to come, and the earliest of those overall: a query compares
 * today with it (one string comparison) and only when today is past it are the organizations
 * due taken out, to be indexed again from the rows kept here, with no database read.
 */
export class RoleExpiry {
  private idsByDate = new Map<string, Set<string>>();
  private tracked = new Map<string, { row: IndexedOrganization; date: string }>();
  /** The earliest date in `idsByDate`, or null; may be earlier (left by forget()), never later. */
  private earliest: string | null = null;
  /** The last day due() found a closing date passed (null: never): a kept list page's part. */
  expiredOn: string | null = null;

  /** Keeps `row` until its next open role's closing date has passed, if it has an open role. */
  track(row: IndexedOrganization, today: string): void {
    let next: string | null = null;
    for (const closesOn of row.roleClosings) {
      if (closesOn >= today && (next === null || closesOn < next)) next = closesOn;
    }
    if (next === null) return;
    this.tracked.set(row.id, { row, date: next });
    let ids = this.idsByDate.get(next);
    if (!ids) this.idsByDate.set(next, (ids = new Set()));
    ids.add(row.id);
    if (this.earliest === null || next < this.earliest) this.earliest = next;
  }

  /** The open roles on `today` of a tracked organization; one not tracked has none. */
  openRoles(id: string, today: string): number {
    const entry = this.tracked.get(id);
    return entry ? openRoleCount(entry.row.roleClosings, today) : 0;
  }

  forget(id: string): void {
    const entry = this.tracked.get(id);
    if (!entry) return;
    this.tracked.delete(id);
    const ids = this.idsByDate.get(entry.date)!;
    ids.delete(id);
    if (ids.size === 0) this.idsByDate.delete(entry.date);
  }

  /**
   * The rows of the organizations with a closing date before `today`, forgotten here: the
   * caller indexes them again. Nothing to do (no date passed) costs one comparison.
   */
  due(today: string): IndexedOrganization[] {
    if (this.earliest === null || today <= this.earliest) return [];
    const rows: IndexedOrganization[] = [];
    let earliest: string | null = null;
    for (const [date, ids] of [...this.idsByDate]) {
      if (date >= today) {
        if (earliest === null || date < earliest) earliest = date;
        continue;
      }
      for (const id of ids) {
        rows.push(this.tracked.get(id)!.row);
        this.tracked.delete(id);
      }
      this.idsByDate.delete(date);
    }
    this.earliest = earliest;
    if (rows.length > 0) this.expiredOn = today;
    return rows;
  }
}
