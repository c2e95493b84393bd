import { countOf } from './counts.ts';

/**
 * The words of a visitor's report of a profile (ADR 029), apart from the schemas so the profile
 * page loads no schema library until the form opens.
 */
export const reportReasons = ['spam', 'offensive', 'inaccurate', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];

export const REPORT_DETAILS_MAX = 1000;

export const reportReasonLabels: Record<ReportReason, string> = {
  spam: 'Spam or scam',
  offensive: 'Offensive',
  inaccurate: 'Inaccurate or impersonation',
  other: 'Other',
};

export const reportTexts = {
  action: 'Report this profile',
  title: 'Report this profile',
  intro: 'Tell us what is wrong. The organization is not told who reported it.',
  reasonLabel: 'Reason',
  reasonRequired: 'Please choose a reason',
  detailsLabel: 'Details (optional)',
  detailsTooLong: `Details must be at most ${REPORT_DETAILS_MAX} characters`,
  submit: 'Send report',
  cancel: 'Cancel',
  thanks: 'Thank you. Our team will look at this profile.',
  tooMany: 'Too many reports from here. Please try again later.',
  /** Every client together has reported this profile often just now (ADR 029). */
  tooManyForProfile: 'This profile has had many reports just now. Please try again later.',
  /** Neither the thanks nor a refusal came back (the network, the server). */
  failed: 'The report could not be sent. Please try again.',
  sending: 'Sending...',
  charactersRemaining: (count: number) => `${countOf(count, 'character', 'characters')} remaining`,
} as const;

/** A visitor's report of one open role (ADR 045): the same form, about the role. */
export const roleReportTexts = {
  action: 'Report this role',
  title: 'Report this role',
  intro: 'Tell us what is wrong with this role. The organization is not told who reported it.',
  thanks: 'Thank you. Our team will look at this role.',
  /** Every client together has reported this organization or its roles often just now. */
  tooManyForOrganization:
    'This organization has had many reports just now. Please try again later.',
} as const;
