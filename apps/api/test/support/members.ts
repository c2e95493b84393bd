import type { MemberRole } from '@si/contracts';
import { createMemberQueries } from '../../src/modules/organizations/member-queries.ts';
import type { TestContext } from './test-app.ts';

/**
 * Adds a member as the product's own way in does (within the limit, the organization's row
 * locked): invitations and an operator's support case come later, and will call the same.
 */
export function addMember(
  ctx: TestContext,
  organizationId: string,
  userId: string,
  role: MemberRole,
) {
  return createMemberQueries(ctx.database.db).addMember(organizationId, userId, role);
}
