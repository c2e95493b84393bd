import { countOf } from './counts.ts';

/**
 * The words of open roles in the operator console (ADR 045): the overview's figures, an
 * organization's roles and their hold, and reports about a role. Refusals are the API's own
 * (admin-roles.ts).
 */
export const consoleRoleTexts = {
  figuresHeading: 'Open roles',
  figures: { open: 'Open', closed: 'Closed', expired: 'Expired', held: 'Held' },
  figureHints: {
    open: (published: number) => `${published.toLocaleString('en-US')} on published profiles`,
    closed: 'Closed by their owner',
    expired: 'Past their closing date',
    held: 'Held by an operator',
  },
  rolesHeading: 'Roles',
  noRoles: 'This organization has posted no role.',
  statusNames: { open: 'Open', closed: 'Closed', expired: 'Expired', held: 'Held' },
  posted: 'Posted',
  closes: 'Closes',
  heldBecause: (reason: string) => `Held: ${reason}`,
  openReports: (count: number) => countOf(count, 'open report', 'open reports'),
  publicRole: 'Public page',
  hold: 'Hold role',
  holdTitle: (title: string) => `Hold the role ${title}`,
  holdDescription:
    'The role leaves the profile, the directory’s Hiring count and every list at once; its page answers that it is no longer open. The owner is emailed your reason.',
  holding: 'Holding...',
  held: 'The role is on hold. The owner has been emailed.',
  release: 'Release role',
  releaseTitle: (title: string) => `Release the role ${title}`,
  releaseDescription:
    'The role is public again if it is still open (not closed by its owner, not past its closing date). The owner is told.',
  releasing: 'Releasing...',
  released: 'The role’s hold is released.',
  // Reports
  aboutRole: 'About a role',
  roleGone: 'Role deleted',
  resolveTitle: (title: string, organization: string) =>
    `Resolve the report about the role ${title} (${organization})`,
  resolveDescription:
    'The role’s other open reports are resolved the same way, with the same reason.',
  resolutions: {
    dismiss: 'Dismiss: nothing is wrong',
    hold: 'Hold the role (the owner is emailed the reason)',
  },
} as const;
