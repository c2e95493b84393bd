import { z } from 'zod';
import { roleStatuses } from './role-texts.ts';

/**
 * Open roles in the operator's console (ADR 045): an organization's roles with their status, and
 * the refusals of an operator's hold or release of one. The words of the pages are in
 * console-role-texts.ts.
 */
export const AdminRole = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(roleStatuses),
  postedAt: z.string(),
  closesOn: z.string(),
  heldAt: z.string().nullable(),
  heldReason: z.string().nullable(),
  /** The role as the operator saw it: a hold or release is made on this (409 if it moved). */
  updatedAt: z.string(),
  openReports: z.number().int(),
});
export type AdminRole = z.infer<typeof AdminRole>;

/** The overview's roles, each counted once by its status today (a hold comes first). */
export const AdminRoleFigures = z.object({
  open: z.number().int(),
  /** Of the open ones, those on published profiles: what the public sees. */
  public: z.number().int(),
  closed: z.number().int(),
  expired: z.number().int(),
  held: z.number().int(),
});
export type AdminRoleFigures = z.infer<typeof AdminRoleFigures>;

export const adminRoleTexts = {
  roleNotFound: 'This role does not exist or was deleted.',
  alreadyHeld: 'This role is already held.',
  notHeld: 'This role is not held.',
  roleGone: 'The role was deleted, so it cannot be held. Dismiss the report instead.',
  roleReportActions: 'A report about a role is dismissed, or the role is held.',
} as const;
