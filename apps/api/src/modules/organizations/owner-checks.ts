import {
  OrganizationId,
  apiMessages,
  errorCodes,
  organizationFormMessages,
  paymentErrorCodes,
  paymentMessages,
} from '@si/contracts';
import { AppError, notFound } from '../../http/errors.ts';
import { requireCaller } from '../../identity/caller-checks.ts';
import { organizationEditors } from './editors.ts';
import type { AuthSession } from '../../identity/session.ts';
import type { OrganizationRepository } from './repository.ts';

/** Who may change an organization: an editor, its owner, and the payment gate. */
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
   * The organization, if the caller may change it. Someone else's unpublished organization is
   * answered as not found, so its existence is not revealed; a published one as forbidden.
   */
  async function requireOwned(session: AuthSession | null, id: string) {
    const user = requireEditor(session);
    const found = OrganizationId.safeParse(id).success ? await repository.findById(id) : null;
    if (!found) throw notFoundFor(id);
    if (found.row.createdBy !== user.id) {
      if (!found.row.published) throw notFoundFor(id);
      throw new AppError(403, errorCodes.forbidden, organizationFormMessages.notOwner);
    }
    return found;
  }

  /**
   * The product's payment gate, enforced here: the profile of an organization without a live
   * subscription (paymentStatus paid) cannot be edited until it is paid for.
   */
  async function requirePaidOwned(session: AuthSession | null, id: string) {
    const found = await requireOwned(session, id);
    if (found.row.paymentStatus !== 'paid') {
      throw new AppError(402, paymentErrorCodes.paymentRequired, paymentMessages.paymentRequired);
    }
    return found;
  }

  return { requireEditor, notFoundFor, requireOwned, requirePaidOwned };
}
export type OwnerChecks = ReturnType<typeof createOwnerChecks>;
