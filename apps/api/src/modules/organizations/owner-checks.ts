import {
  OrganizationId,
  apiMessages,
  errorCodes,
  memberTexts,
  organizationFormMessages,
  paymentErrorCodes,
  paymentMessages,
  roleCan,
  type MemberCapability,
} from '@si/contracts';
import { AppError, notFound } from '../../http/errors.ts';
import { requireCaller } from '../../identity/caller-checks.ts';
import { organizationEditors } from './editors.ts';
import type { AuthSession } from '../../identity/session.ts';
import type { OrganizationRepository } from './repository.ts';

/** Who may change an organization: an account that may edit, a member's role, the payment gate. */
export function createOwnerChecks(repository: OrganizationRepository) {
  /**
   * docs/product.md#organizations: only a signed-in, permanent, verified user creates or changes
   * organizations. Returns that user.
   */
  function requireEditor(session: AuthSession | null) {
    return requireCaller(session, organizationEditors).user;
  }

  const notFoundFor = (id: string) => notFound(apiMessages.organizationNotFound(id));

  /**
   * The organization and the caller's role in it, if that role may do `capability` (ADR 047).
   * Someone who is no member meets what a stranger always met: an unpublished organization is
   * answered as not found, so its existence is not revealed, a published one as forbidden. A
   * member whose role may not is forbidden, told only that owners may.
   */
  async function requireMember(
    session: AuthSession | null,
    id: string,
    capability: MemberCapability,
  ) {
    const user = requireEditor(session);
    const found = OrganizationId.safeParse(id).success ? await repository.findById(id) : null;
    if (!found) throw notFoundFor(id);
    const role = await repository.roleOf(id, user.id);
    if (!role) {
      if (!found.row.published) throw notFoundFor(id);
      throw new AppError(403, errorCodes.forbidden, organizationFormMessages.notOwner);
    }
    if (!roleCan(role, capability)) {
      throw new AppError(403, errorCodes.forbidden, memberTexts.ownersOnly);
    }
    return { ...found, role, user };
  }

  /**
   * The product's payment gate, enforced here: the profile of an organization without a live
   * subscription (paymentStatus paid) cannot be edited until it is paid for.
   */
  async function requirePaidMember(
    session: AuthSession | null,
    id: string,
    capability: MemberCapability,
  ) {
    const found = await requireMember(session, id, capability);
    if (found.row.paymentStatus !== 'paid') {
      throw new AppError(402, paymentErrorCodes.paymentRequired, paymentMessages.paymentRequired);
    }
    return found;
  }

  return { requireEditor, notFoundFor, requireMember, requirePaidMember };
}
export type OwnerChecks = ReturnType<typeof createOwnerChecks>;
