import { titleSuffix } from './messages.ts';
import type { PayPeriod } from './role-texts.ts';

/**
 * The public page of one open role, /organizations/{id}/roles/{roleId}, and the page a role no
 * longer open answers with (410).
 */
export const rolePageTexts = {
  title: (roleTitle: string, organizationName: string) =>
    `${roleTitle} at ${organizationName}${titleSuffix}`,
  /** The share card's description when the role's own text is too short to say anything. */
  at: (organizationName: string) => `at ${organizationName}`,
  kind: 'Kind',
  where: 'Where',
  anywhere: 'Anywhere',
  pay: 'Pay',
  /** "USD 30,000 – 42,000 per year"; one figure when the range is one amount. */
  payRange: (currency: string, min: string, max: string, period: PayPeriod) =>
    `${currency} ${min === max ? min : `${min} – ${max}`} per ${period}`,
  closes: 'Closes',
  posted: 'Posted',
  about: 'About the role',
  apply: 'Apply',
  applyByEmail: 'Apply by email',
  /** Said under the Apply action: the application happens on the organization's side. */
  applyNote: (organizationName: string) => `You apply with ${organizationName} directly.`,
  goneTitle: `Role no longer open${titleSuffix}`,
  goneHeading: 'This role is no longer open',
  goneBody: 'It is no longer listed in the directory.',
  goneLink: (organizationName: string) => `See ${organizationName}’s current roles`,
  notFoundTitle: `Role not found${titleSuffix}`,
  notFoundHeading: 'Role not found',
  errorBody: 'The role could not be loaded. Please try again later.',
  loadingTitle: `Loading role${titleSuffix}`,
  backToDirectory: 'Back to the directory',
  /** Its members' way from the role's page to the organization's roles (ADR 047). */
  manageRoles: 'Manage open roles',
} as const;
