import { INVITATION_TTL_DAYS, MAX_MEMBERS_AND_INVITATIONS } from './invitations.ts';
import type { MemberRoleName } from './member-roles.ts';

/** A role as a label names it. */
export const memberRoleNames: Record<MemberRoleName, string> = {
  owner: 'Owner',
  editor: 'Editor',
};

/**
 * The members page, /dashboard/organizations/:orgId/members (ADR 047, 049): every member sees
 * the team; owners change it, invite, and hand the organization over.
 */
export const membersPageTexts = {
  pageTitle: 'Members',
  title: (name: string) => `Members of ${name}`,
  intro:
    'Owners manage the profile, its billing and its members; editors keep the profile, its roles and milestones up to date.',
  back: 'Back to My Organizations',
  open: 'Members',
  roleLabel: 'Your role',
  membersHeading: 'Members',
  membersCount: (count: number) => `${count} of ${MAX_MEMBERS_AND_INVITATIONS}`,
  loadFailed: 'Failed to load the members. Please try again later.',
  notFoundTitle: 'No such organization among yours',
  notFoundBody: 'You are not a member of this organization, or it no longer exists.',
  retry: 'Try again',
  thisOrganization: 'this organization',
  you: 'You',
  added: (date: string) => `Added ${date}`,
  changeRole: (name: string) => `Role of ${name}`,
  roleChanged: (name: string, role: MemberRoleName) =>
    `${name} is now ${role === 'owner' ? 'an owner' : 'an editor'}.`,
  // Removing a member.
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name}`,
  removeTitle: (name: string) => `Remove ${name}?`,
  removeBody: (name: string, organization: string) =>
    `${name} will no longer be able to edit ${organization}. You can invite them again later.`,
  removeConfirm: 'Remove member',
  removing: 'Removing…',
  removed: (name: string) => `${name} was removed.`,
  // Handing ownership over.
  transfer: 'Make owner and step back',
  transferLabel: (name: string) => `Hand ownership to ${name}`,
  transferTitle: (name: string) => `Hand ownership to ${name}?`,
  transferBody: (name: string, organization: string) =>
    `${name} becomes an owner of ${organization}, with its billing and its members.`,
  transferThen: 'And you',
  transferStay: 'Stay as an editor',
  transferLeave: 'Leave the organization',
  transferConfirm: 'Hand it over',
  transferring: 'Handing over…',
  transferred: (name: string) => `${name} is now an owner; you are an editor.`,
  transferredAndLeft: (name: string, organization: string) =>
    `You handed ${organization} over to ${name} and left it.`,
  // Leaving.
  leaveHeading: 'Leave this organization',
  leaveIntro: 'You will no longer see it in your dashboard, nor be able to edit it.',
  leave: 'Leave organization',
  leaveTitle: (organization: string) => `Leave ${organization}?`,
  leaveBody: 'An owner can invite you again later.',
  leaveConfirm: 'Leave',
  leaving: 'Leaving…',
  left: (organization: string) => `You left ${organization}.`,
  cancel: 'Cancel',
  // Invitations.
  invitationsHeading: 'Invitations waiting',
  invitationsIntro: `Each link works once, for ${INVITATION_TTL_DAYS} days, for the invited address only.`,
  noInvitations: 'No invitations waiting',
  noInvitationsBody: 'Invite someone below: they join once they accept the emailed link.',
  invitationsFailed: 'Failed to load the invitations. Please try again later.',
  sent: (date: string) => `Sent ${date}`,
  expires: (date: string) => `Expires ${date}`,
  expired: 'Expired',
  resend: 'Resend',
  resendLabel: (email: string) => `Resend the invitation to ${email}`,
  resent: (email: string) => `The invitation was sent again to ${email}.`,
  revoke: 'Revoke',
  revokeLabel: (email: string) => `Revoke the invitation to ${email}`,
  revokeTitle: (email: string) => `Revoke the invitation to ${email}?`,
  revokeBody: 'Its link stops working at once. You can invite the address again later.',
  revokeConfirm: 'Revoke invitation',
  revoking: 'Revoking…',
  revoked: (email: string) => `The invitation to ${email} was revoked.`,
  // The invite form.
  inviteHeading: 'Invite a member',
  emailLabel: 'Email address',
  emailHint: 'They sign in, or sign up, with this address to accept.',
  roleFieldLabel: 'Role',
  invite: 'Send invitation',
  inviting: 'Sending…',
  invited: (email: string) => `Invitation sent to ${email}.`,
  failed: 'Something went wrong. Please try again.',
} as const;
