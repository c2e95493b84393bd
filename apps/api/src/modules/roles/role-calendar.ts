import {
  ROLE_DEFAULT_OPEN_DAYS,
  ROLE_MAX_OPEN_DAYS,
  roleMessages,
  type RoleStatus,
} from '@si/contracts';
import { badRequest } from '../../http/errors.ts';
import type { RoleRow } from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC date of `at`, as closing dates are written: 2026-12-31. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** `day` moved by `days` whole days (UTC dates have no daylight saving). */
export const addDays = (day: string, days: number): string =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** A closing date left out: the role stays open for the default number of days. */
export const defaultClosesOn = (today: string): string => addDays(today, ROLE_DEFAULT_OPEN_DAYS);

/**
 * The rule for a closing date an owner writes (ADR 042): after the day the role was posted, not
 * before today, and at most the longest opening ahead, all UTC dates. Dates are ISO strings of
 * one length, so they compare as text.
 */
export function requireClosingDate(closesOn: string, postedOn: string, today: string): void {
  if (closesOn <= postedOn || closesOn < today) {
    throw badRequest(roleMessages.closesOnPast, { closesOn: roleMessages.closesOnPast });
  }
  if (closesOn > addDays(today, ROLE_MAX_OPEN_DAYS)) {
    throw badRequest(roleMessages.closesOnTooFar, { closesOn: roleMessages.closesOnTooFar });
  }
}

/**
 * Whether a role counts against the open roles' limit: not closed by its owner and not past its
 * closing date. A held role counts, so lifting a hold never takes an organization past it.
 */
export const countsAsOpen = (role: Pick<RoleRow, 'closedAt' | 'closesOn'>, today: string) =>
  role.closedAt === null && role.closesOn >= today;

/**
 * What a role is on `today`: a hold comes first (only an operator lifts it), then the owner's
 * closing, then the closing date, through the end of that day. Computed on every read, so a role
 * expires with no job to run.
 */
export function statusOf(
  role: Pick<RoleRow, 'closedAt' | 'heldAt' | 'closesOn'>,
  today: string,
): RoleStatus {
  if (role.heldAt !== null) return 'held';
  if (role.closedAt !== null) return 'closed';
  return role.closesOn < today ? 'expired' : 'open';
}
