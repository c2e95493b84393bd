/**
 * An organization's activity (ADR 048): who changed its team or its profile, and when, newest
 * first. Owners read their organization's; operators read every organization's in the console.
 */
import { z } from 'zod';
import { activityKinds, profileFieldNames } from './activity-texts.ts';
import { AdminReason } from './admin.ts';
import { CreateInvitationRequest } from './invitations.ts';
import { MemberRole } from './members.ts';

/** Entries per page of the activity. */
export const ACTIVITY_PAGE_SIZE = 25;

/** Someone as they were named when the entry was written (accounts are deleted, names change). */
export const ActivityPerson = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
});
export type ActivityPerson = z.infer<typeof ActivityPerson>;

/** What an entry is about; each kind fills the parts it needs (activity-texts.ts reads them). */
export const ActivityDetails = z.object({
  /** The member the change was made to (joined, role changed, removed, new owner). */
  member: ActivityPerson.optional(),
  /** The invited address. */
  email: z.string().optional(),
  /** The role given, invited to, or held when removed. */
  role: MemberRole.optional(),
  /** The role before the change; null when the account was not a member. */
  previousRole: MemberRole.nullable().optional(),
  /** After handing ownership over: the former owner became an editor, or left. */
  then: z.enum(['editor', 'leave']).optional(),
  /** The profile's fields a save changed (names, never values). */
  fields: z.array(z.enum(profileFieldNames)).optional(),
  /** Which image was set or removed. */
  image: z.enum(['logo', 'banner', 'category']).optional(),
  removed: z.boolean().optional(),
  /** A milestone's title. */
  title: z.string().optional(),
  /** The member left because their account was deleted. */
  accountDeleted: z.boolean().optional(),
  /** Why support made the change, as the operator wrote it. */
  reason: z.string().optional(),
});
export type ActivityDetails = z.infer<typeof ActivityDetails>;

export const ActivityEntry = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  kind: z.enum(activityKinds),
  /**
   * Who did it. Null in an owner's view of what support did: owners are told it was support,
   * not which operator (the console shows that).
   */
  actor: ActivityPerson.nullable(),
  /** Done by an operator for a support case, not by a member. */
  bySupport: z.boolean(),
  details: ActivityDetails,
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;

/** GET .../activity: the page after `cursor` (the previous page's nextCursor). */
export const ActivityQuery = z.strictObject({
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, 'The cursor is not valid. Start again from the first page.')
    .optional(),
});
export type ActivityQuery = z.infer<typeof ActivityQuery>;

export const ActivityMeta = z.object({
  /** Pass back as `cursor` for older entries. Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ActivityMeta = z.infer<typeof ActivityMeta>;

/**
 * POST /api/admin/organizations/:id/owners: an operator makes an existing, verified account an
 * owner, for a support case; the reason, as every console write's, is required.
 */
export const AdminAddOwnerRequest = z.strictObject({
  email: CreateInvitationRequest.shape.email,
  reason: AdminReason,
});
export type AdminAddOwnerRequest = z.infer<typeof AdminAddOwnerRequest>;
