/**
 * How an organization's activity reads (ADR 048), and the names it stores; no schema here, so
 * the web's activity pages and the console share the sentences without more than they need.
 */
import { MAX_ORGANIZATION_MEMBERS } from './member-roles.ts';

export const activityKinds = [
  'member-invited',
  'invitation-resent',
  'invitation-revoked',
  'member-joined',
  'member-role-changed',
  'member-removed',
  'member-left',
  'ownership-transferred',
  'owner-added-by-support',
  'profile-saved',
  'image-changed',
  'milestone-added',
  'milestone-changed',
  'milestone-removed',
  'role-posted',
  'role-changed',
  'role-closed',
  'role-reopened',
  'role-removed',
] as const;
export type ActivityKind = (typeof activityKinds)[number];

/** The profile's fields a save can change, as its activity names them. */
export const profileFieldNames = [
  'name',
  'description',
  'country',
  'location',
  'foundedYear',
  'websiteUrl',
  'linkedinUrl',
  'twitterUrl',
  'blogUrl',
  'donateUrl',
  'volunteerUrl',
  'categories',
] as const;
export type ProfileFieldName = (typeof profileFieldNames)[number];

const fieldLabels: Record<ProfileFieldName, string> = {
  name: 'name',
  description: 'description',
  country: 'country',
  location: 'location',
  foundedYear: 'founded year',
  websiteUrl: 'website',
  linkedinUrl: 'LinkedIn',
  twitterUrl: 'Twitter',
  blogUrl: 'blog',
  donateUrl: 'donate link',
  volunteerUrl: 'volunteer link',
  categories: 'categories',
};

const imageLabels = { logo: 'the logo', banner: 'the banner', category: "a category's image" };

/** What a sentence needs of an entry (the zod shape in activity.ts has it). */
export interface ActivityLine {
  kind: ActivityKind;
  actor: { name: string; email: string } | null;
  bySupport: boolean;
  details: {
    member?: { name: string; email: string } | undefined;
    email?: string | undefined;
    role?: 'owner' | 'editor' | undefined;
    previousRole?: 'owner' | 'editor' | null | undefined;
    then?: 'editor' | 'leave' | undefined;
    accountDeleted?: boolean | undefined;
    fields?: ProfileFieldName[] | undefined;
    image?: 'logo' | 'banner' | 'category' | undefined;
    removed?: boolean | undefined;
    title?: string | undefined;
    reason?: string | undefined;
  };
}

const SUPPORT = 'Scaling Impact support';

/** A person as an entry names them: their name then, else their address then. */
export const activityPersonName = (person: { name: string; email: string } | null | undefined) =>
  person ? person.name.trim() || person.email || 'A deleted account' : SUPPORT;

const anA = (role: string | undefined) => (role === 'owner' ? 'an owner' : 'an editor');

/** The sentence that says what an entry records. */
export function describeActivity(line: ActivityLine): string {
  const who = line.bySupport && !line.actor ? SUPPORT : activityPersonName(line.actor);
  const { details } = line;
  const member = activityPersonName(details.member);
  switch (line.kind) {
    case 'member-invited':
      return `${who} invited ${details.email} as ${anA(details.role)}`;
    case 'invitation-resent':
      return `${who} sent the invitation to ${details.email} again`;
    case 'invitation-revoked':
      return `${who} withdrew the invitation to ${details.email}`;
    case 'member-joined':
      return `${who} joined as ${anA(details.role)}`;
    case 'member-role-changed':
      return `${who} made ${member} ${anA(details.role)}`;
    case 'member-removed':
      return `${who} removed ${member}`;
    case 'member-left':
      return details.accountDeleted
        ? `${who} left the organization, deleting their account`
        : `${who} left the organization`;
    case 'ownership-transferred':
      return details.then === 'leave'
        ? `${who} handed ownership to ${member} and left`
        : `${who} handed ownership to ${member} and became an editor`;
    case 'owner-added-by-support':
      return details.previousRole
        ? `${who} made ${member} an owner, for a support case`
        : `${who} added ${member} as an owner, for a support case`;
    case 'profile-saved':
      return `${who} changed the ${(details.fields ?? []).map((field) => fieldLabels[field]).join(', ')}`;
    case 'image-changed':
      return `${who} ${details.removed ? 'removed' : 'changed'} ${imageLabels[details.image ?? 'logo']}`;
    case 'milestone-added':
      return `${who} added the milestone “${details.title}”`;
    case 'milestone-changed':
      return `${who} changed the milestone “${details.title}”`;
    case 'milestone-removed':
      return `${who} removed the milestone “${details.title}”`;
    case 'role-posted':
      return `${who} posted the open role “${details.title}”`;
    case 'role-changed':
      return `${who} changed the open role “${details.title}”`;
    case 'role-closed':
      return `${who} closed the role “${details.title}”`;
    case 'role-reopened':
      return `${who} reopened the role “${details.title}”`;
    case 'role-removed':
      return `${who} deleted the role “${details.title}”`;
  }
}

/** The activity pages' words (the owners' page and the console's section). */
export const activityTexts = {
  title: 'Activity',
  /** The dashboard's link to the page, beside Insights and Roles. */
  open: 'Activity',
  intro: 'Who changed the team or the profile, and when. Newest first.',
  consoleHeading: 'Activity',
  empty: 'Nothing has been recorded yet.',
  more: 'Show older',
  loading: 'Loading…',
  failed: 'The activity could not be loaded.',
  retry: 'Try again',
  pageTitle: (name: string) => `Activity of ${name}`,
  reasonLabel: 'Reason given',
  back: 'Back to your organizations',
} as const;

/** The operator's "add an owner" (a support case): its words and its refusals. */
export const addOwnerTexts = {
  button: 'Add an owner',
  dialogTitle: 'Add an owner for a support case',
  emailLabel: 'Email address of the account',
  confirm: 'Make owner',
  reasonHint: 'Goes to the audit log, and to the organization’s owners by email.',
  done: (email: string) => `${email} is now an owner.`,
  accountNotFound: 'No account has that email address.',
  unverified: 'That account has not verified its email address yet; it cannot become an owner.',
  alreadyOwner: 'That account is already an owner of this organization.',
  full: `This organization already has ${MAX_ORGANIZATION_MEMBERS} members: one must leave before another is added.`,
} as const;

export const addOwnerErrorCodes = {
  accountNotFound: 'ACCOUNT_NOT_FOUND',
  unverified: 'EMAIL_NOT_VERIFIED',
  alreadyOwner: 'ALREADY_AN_OWNER',
  full: 'ORGANIZATION_FULL',
} as const;
