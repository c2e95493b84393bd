import { formatInteger } from './counts.ts';

/**
 * The public profile's open roles and milestones (ADR 042). Apart from the owner's page's texts
 * (role-editor-texts.ts), so the profile's first load carries only these few.
 */
export const profileRolesTexts = {
  /** Shown only when there is at least one open role. */
  openRolesHeading: (count: number) => `Open roles (${formatInteger(count)})`,
  closes: (day: string) => `Closes ${day}`,
  milestonesHeading: 'Milestones',
} as const;
