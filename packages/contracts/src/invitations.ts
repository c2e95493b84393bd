/**
 * Invitations to join an organization by email (ADR 049): an owner invites an address in a
 * role; the invitee, signed in with that address, accepts through the emailed link.
 */
import { z } from 'zod';
import { MAX_ORGANIZATION_MEMBERS } from './member-roles.ts';
import { MemberRole } from './members.ts';

/** How long an invitation's link works, from when it was (last) sent. */
export const INVITATION_TTL_DAYS = 7;

/**
 * Members and open invitations together, per organization: an invitation holds its seat, so
 * accepting never finds the organization full because of the others.
 */
export const MAX_MEMBERS_AND_INVITATIONS = MAX_ORGANIZATION_MEMBERS;

const INVALID_EMAIL = 'Enter a valid email address, like name@example.org.';

/** POST /api/organizations/:id/invitations. */
export const CreateInvitationRequest = z.strictObject({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ message: INVALID_EMAIL })),
  role: MemberRole,
});
export type CreateInvitationRequest = z.infer<typeof CreateInvitationRequest>;

/** One open invitation, as its organization's owners see it. */
export const PendingInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: MemberRole,
  invitedBy: z.string(),
  sentAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** Past its 7 days: the link no longer works until the invitation is sent again. */
  expired: z.boolean(),
});
export type PendingInvitation = z.infer<typeof PendingInvitation>;

export const InvitationParams = z.object({
  id: z.string().max(100),
  invitationId: z.string().max(100),
});
export const InvitationTokenParams = z.object({ token: z.string().max(200) });

/** GET /api/invitations/:token: what the link's holder sees before accepting. */
export const InvitationPreview = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  role: MemberRole,
  /** The owner who sent it, by name, or by address when they have no name. */
  invitedBy: z.string(),
  /** The address it was sent to: the account that accepts must have it. */
  email: z.string(),
  expiresAt: z.iso.datetime(),
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

/** POST /api/invitations/:token/accept. */
export const AcceptedInvitation = z.object({ organizationId: z.string(), role: MemberRole });
export type AcceptedInvitation = z.infer<typeof AcceptedInvitation>;

/** The invitations API's own codes. */
export const invitationErrorCodes = {
  alreadyMember: 'ALREADY_A_MEMBER',
  pending: 'INVITATION_PENDING',
  full: 'ORGANIZATION_FULL',
  notFound: 'INVITATION_NOT_FOUND',
  /** Forged, or dead, to anyone but the invitee: nothing more is said. */
  unusable: 'INVITATION_UNUSABLE',
  expired: 'INVITATION_EXPIRED',
  revoked: 'INVITATION_REVOKED',
  used: 'INVITATION_USED',
  wrongAccount: 'INVITATION_WRONG_ACCOUNT',
  unverified: 'EMAIL_NOT_VERIFIED',
} as const;

export const invitationTexts = {
  invalidEmail: INVALID_EMAIL,
  alreadyMember: (email: string) => `${email} is already a member of this organization.`,
  pending: (email: string) =>
    `${email} already has an invitation waiting: send it again or revoke it instead.`,
  full: `An organization has at most ${MAX_MEMBERS_AND_INVITATIONS} members, invitations waiting included: remove a member or revoke an invitation first.`,
  fullOnAccept: `This organization already has ${MAX_ORGANIZATION_MEMBERS} members, its limit: ask its owner to make room, then open the link again.`,
  tooManyByOwner: 'You have sent many invitations in a short time: please wait a few minutes.',
  tooManyToAddress: 'This address has received several invitations recently: please wait a while.',
  notFound: 'There is no such invitation waiting in this organization.',
  unusable:
    'This invitation link cannot be used. If it was sent to you, sign in with that address to see why, or ask the organization’s owner to invite you again.',
  expired: 'This invitation has expired: ask the organization’s owner to send it again.',
  revoked: 'This invitation was withdrawn by the organization’s owner.',
  used: 'This invitation has already been accepted.',
  signedOut: 'Sign in with the invited address to accept this invitation.',
  guest: 'Sign in with an account with the invited address to accept this invitation.',
  wrongAccount: (email: string) =>
    `This invitation was sent to ${email}: sign in with that address to accept it.`,
  unverified: 'Confirm your email address first (see the email we sent you), then accept.',
  alreadyMemberOnAccept: 'You are already a member of this organization.',
} as const;

/** A role as a sentence names it: "as an editor". */
export const memberRoleWithArticle: Record<MemberRole, string> = {
  owner: 'an owner',
  editor: 'an editor',
};

/** The invitation page, /invitations/:token (ADR 049). */
export const invitationPageTexts = {
  title: 'Invitation',
  loading: 'Opening the invitation…',
  heading: (organizationName: string) => `Join ${organizationName}`,
  offer: (invitedBy: string, email: string, organizationName: string, role: MemberRole) =>
    `${invitedBy} invited ${email} to help run ${organizationName} on the directory, as ${memberRoleWithArticle[role]}.`,
  expires: (date: string) => `The invitation is valid until ${date}.`,
  signInFirst: (email: string) => `Log in or sign up with ${email} to accept it.`,
  logIn: 'Log in',
  signUp: 'Sign up',
  accept: 'Accept the invitation',
  accepting: 'Accepting…',
  joinedTitle: 'You are a member',
  joined: (organizationName: string, role: MemberRole) =>
    `You now help run ${organizationName}, as ${memberRoleWithArticle[role]}.`,
  toDashboard: 'Go to your organizations',
  toHome: 'Back to the directory',
  unusableTitle: 'This invitation cannot be used',
  expiredTitle: 'This invitation has expired',
  revokedTitle: 'This invitation was withdrawn',
  usedTitle: 'This invitation was already accepted',
} as const;
