import type { RoleKind, RoleWorkplace } from './role-texts.ts';

/**
 * The words a role and a milestone are shown with (ADR 042), apart from the rest of their texts:
 * the public profile loads these and none of the owner's messages.
 */

export const roleKindNames: Record<RoleKind, string> = {
  full_time: 'Full-time',
  part_time: 'Part-time',
  contract: 'Contract',
  internship: 'Internship',
  fellowship: 'Fellowship',
  volunteer: 'Volunteer',
};

/**
 * The kinds in their order (role-texts.ts's `roleKinds`), for the list of open roles: read here,
 * its first load leaves out the owner's messages.
 */
export const roleKindsInOrder = Object.keys(roleKindNames) as RoleKind[];

export const roleWorkplaceNames: Record<RoleWorkplace, string> = {
  on_site: 'On site',
  hybrid: 'Hybrid',
  remote: 'Remote',
};

/** A milestone's month, January first: its date reads "March 2024". */
export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
