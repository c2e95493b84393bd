import { formatInteger } from './counts.ts';

/**
 * Open roles and milestones (ADR 042): their limits and their words, apart from the zod schemas
 * so that pages which only show a role load no schema library.
 */

export const ROLE_TITLE_MAX = 120;
export const ROLE_CITY_MAX = 120;
export const ROLE_DESCRIPTION_MAX = 5000;
/** Open roles an organization may have at once; closed and expired ones do not count. */
export const MAX_OPEN_ROLES = 25;
/** Roles an organization keeps in all, open or not: the oldest closed ones must go first. */
export const MAX_ROLES_KEPT = 100;
/** Countries a remote role may be limited to. */
export const ROLE_REMOTE_COUNTRIES_MAX = 50;
export const ROLE_DEFAULT_OPEN_DAYS = 60;
export const ROLE_MAX_OPEN_DAYS = 180;
/** The largest pay figure a role may state, in whole units of its currency. */
export const ROLE_PAY_MAX = 100_000_000;

export const MAX_MILESTONES = 30;
export const MILESTONE_TITLE_MAX = 120;
export const MILESTONE_TEXT_MAX = 500;

export const roleKinds = [
  'full_time',
  'part_time',
  'contract',
  'internship',
  'fellowship',
  'volunteer',
] as const;
export type RoleKind = (typeof roleKinds)[number];

export const roleWorkplaces = ['on_site', 'hybrid', 'remote'] as const;
export type RoleWorkplace = (typeof roleWorkplaces)[number];

export const payPeriods = ['hour', 'month', 'year'] as const;
export type PayPeriod = (typeof payPeriods)[number];

/**
 * What a role is to the public: open (listed everywhere), closed by its owner, past its closing
 * date, or held by an operator. Only open roles of published organizations are ever public.
 */
export const roleStatuses = ['open', 'closed', 'expired', 'held'] as const;
export type RoleStatus = (typeof roleStatuses)[number];

export const roleErrorCodes = {
  /** A role that was open and is not any more: its page answers 410. */
  roleClosed: 'ROLE_CLOSED',
  tooManyOpenRoles: 'TOO_MANY_OPEN_ROLES',
  tooManyRoles: 'TOO_MANY_ROLES',
  tooManyMilestones: 'TOO_MANY_MILESTONES',
} as const;

export const roleMessages = {
  titleRequired: 'Please give the role a title',
  titleTooLong: `Title must be at most ${ROLE_TITLE_MAX} characters`,
  descriptionRequired: 'Please describe the role',
  descriptionTooLong: `Description must be at most ${ROLE_DESCRIPTION_MAX} characters`,
  kindRequired: 'Please choose what kind of role it is',
  workplaceRequired: 'Please choose where the work happens',
  countryRequired: 'Please choose the country of an on-site or hybrid role',
  cityRequired: 'Please give the city of an on-site or hybrid role',
  cityTooLong: `City must be at most ${ROLE_CITY_MAX} characters`,
  remoteCountriesOnlyRemote: 'Only a remote role lists the countries it may be worked from',
  tooManyRemoteCountries: `A remote role lists at most ${ROLE_REMOTE_COUNTRIES_MAX} countries`,
  applyRequired: 'Please say how to apply: an https link or an email address',
  applyInvalid:
    'How to apply must be an http(s) link (e.g., https://example.org/jobs/1), a mailto: link or an email address',
  applyEmailInvalid: 'How to apply: that email address is not a real address',
  payMinAboveMax: 'The minimum pay may not be above the maximum',
  payAmount: `Pay must be a whole number from 0 to ${formatInteger(ROLE_PAY_MAX)}`,
  payCurrency: 'Please choose the currency of the pay (a three-letter code such as USD)',
  payPeriod: 'Please choose whether the pay is per hour, month or year',
  closesOnFormat: 'Closing date must be a date (YYYY-MM-DD)',
  closesOnPast: 'Closing date must be after the date the role was posted, and not in the past',
  closesOnTooFar: `Closing date may be at most ${ROLE_MAX_OPEN_DAYS} days ahead`,
  tooManyOpenRoles: `An organization has at most ${MAX_OPEN_ROLES} open roles. Close one before opening another.`,
  tooManyRoles: `An organization keeps at most ${MAX_ROLES_KEPT} roles. Delete a closed one first.`,
  roleClosed: 'This role is no longer open.',
  roleNotFound: 'Role not found',
  milestoneTitleRequired: 'Please give the milestone a title',
  milestoneTitleTooLong: `Title must be at most ${MILESTONE_TITLE_MAX} characters`,
  milestoneTextTooLong: `Text must be at most ${MILESTONE_TEXT_MAX} characters`,
  milestoneYear: (currentYear: number) => `Year must be between 1800 and ${currentYear}`,
  milestoneMonth: 'Month must be from 1 to 12, or left out',
  milestoneInFuture: 'A milestone is something that happened: its date may not be in the future',
  tooManyMilestones: `An organization has at most ${MAX_MILESTONES} milestones. Delete one first.`,
  milestoneNotFound: 'Milestone not found',
} as const;
