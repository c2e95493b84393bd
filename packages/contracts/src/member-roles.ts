/**
 * A member's roles and what each may do (ADR 047), without a schema: the public profile asks
 * `roleCan` which owner actions to show, and must not bring zod into its first load.
 */
export const memberRoles = ['owner', 'editor'] as const;
export type MemberRoleName = (typeof memberRoles)[number];

/** At most this many members per organization, owners and editors together. */
export const MAX_ORGANIZATION_MEMBERS = 20;

/**
 * What a member may do: `edit` the profile, its images, roles, milestones and verified domain;
 * read `insights` (CSV too); `billing` (plans, checkout, cancel, plan change, receipts);
 * manage `members`; `delete` the organization.
 */
export const memberCapabilities = ['edit', 'insights', 'billing', 'members', 'delete'] as const;
export type MemberCapability = (typeof memberCapabilities)[number];

const capabilitiesOf: Record<MemberRoleName, ReadonlySet<MemberCapability>> = {
  owner: new Set(memberCapabilities),
  editor: new Set(['edit', 'insights']),
};

/** Whether a member in `role` may do `capability`; nobody without a role may. */
export function roleCan(
  role: MemberRoleName | null | undefined,
  capability: MemberCapability,
): boolean {
  return role ? capabilitiesOf[role].has(capability) : false;
}
