/**
 * An organization's members (ADR 047): each an owner or an editor. The one place a role's
 * capabilities are written; the API enforces them and the web shows only what they allow.
 */
import { z } from 'zod';
import { MAX_ORGANIZATION_MEMBERS, memberRoles } from './member-roles.ts';
import { Organization } from './organizations.ts';

export const MemberRole = z.enum(memberRoles);
export type MemberRole = z.infer<typeof MemberRole>;

/** The caller's role in an organization, or null when they are no member. */
export const MyRole = MemberRole.nullable();
export type MyRole = z.infer<typeof MyRole>;

/** An organization in the dashboard's list of the caller's own: with the caller's role in it. */
export const MyOrganization = Organization.extend({ myRole: MemberRole });
export type MyOrganization = z.infer<typeof MyOrganization>;

export const MemberUserId = z.string().min(1).max(200);

/** One member as the members list gives it. */
export const OrganizationMember = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: MemberRole,
  addedAt: z.iso.datetime(),
});
export type OrganizationMember = z.infer<typeof OrganizationMember>;

/** GET /api/organizations/:id/members. */
export const OrganizationMembers = z.object({
  members: z.array(OrganizationMember),
  myRole: MemberRole,
});
export type OrganizationMembers = z.infer<typeof OrganizationMembers>;

export const MemberParams = z.object({ id: z.string().max(100), userId: z.string().max(200) });

/** PATCH /api/organizations/:id/members/:userId. */
export const ChangeMemberRoleRequest = z.strictObject({ role: MemberRole });
export type ChangeMemberRoleRequest = z.infer<typeof ChangeMemberRoleRequest>;

/** POST /api/organizations/:id/members/transfer: the caller, an owner, hands ownership over. */
export const TransferOwnershipRequest = z.strictObject({
  userId: MemberUserId,
  /** What the caller becomes: an editor (the default), or out of the organization. */
  then: z.enum(['editor', 'leave']).default('editor'),
});
export type TransferOwnershipRequest = z.infer<typeof TransferOwnershipRequest>;

/** The members API's own codes. */
export const memberErrorCodes = {
  lastOwner: 'LAST_OWNER',
  notMember: 'NOT_A_MEMBER',
} as const;

export const memberTexts = {
  notMember: 'That account is not a member of this organization.',
  ownersOnly: 'Only an owner of this organization can do that.',
  lastOwnerLeave:
    'You are its only owner, so you cannot leave: make another member an owner first, or delete the organization.',
  lastOwnerRemove:
    'This member is its only owner and cannot be removed: make another member an owner first.',
  lastOwnerDemote:
    'This member is its only owner and cannot become an editor: make another member an owner first.',
  transferToSelf: 'You already own this organization: choose another member to hand it to.',
  full: `An organization has at most ${MAX_ORGANIZATION_MEMBERS} members.`,
  alreadyMember: 'That account is already a member of this organization.',
} as const;
