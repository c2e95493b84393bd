import { adminTexts, apiMessages, errorCodes } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import type { EmailMessage } from '../../adapters/email/message.ts';
import { AppError } from '../../http/errors.ts';
import { profileHeldEmail } from '../../adapters/email/templates.ts';
import type { Actor } from './audit.ts';
import type { ConsoleContext, OperatorServiceOptions } from './console-context.ts';
import type { AdminOrganizationRecord } from './repository.ts';

export const organizationNotFound = (id: string) =>
  new AppError(404, errorCodes.notFound, apiMessages.organizationNotFound(id));
const changedMeanwhile = () =>
  new AppError(409, errorCodes.staleVersion, adminTexts.changedMeanwhile);

/**
 * What the organizations', reports' and users' actions share: the own-case rule, the lock at
 * the version the operator saw, a hold, and a deletion recorded first.
 */
export function createOrganizationHolds(
  { db, repository, record }: ConsoleContext,
  options: Pick<
    OperatorServiceOptions,
    'payments' | 'outbox' | 'publicUrl' | 'emailFooter' | 'deleteOrganization'
  >,
) {
  const { payments, outbox, publicUrl, emailFooter } = options;

  /**
   * Operators do not judge their own case: an organization one is a member of, owner or editor,
   * another operator acts on (403, ADR 051). Its creator who has left it is no longer a party.
   */
  async function refuseOwnCase(tx: Database, actor: Actor, organizationId: string | null) {
    if (organizationId && (await repository.isMember(tx, organizationId, actor.id))) {
      throw new AppError(403, errorCodes.forbidden, adminTexts.ownCase);
    }
  }

  /** One email to each owner of the organization (ADR 047), as its payment emails go. */
  async function emailOwners(
    tx: Database,
    organizationId: string,
    build: (to: string) => EmailMessage,
  ) {
    for (const owner of await payments.ownerAddresses(tx, organizationId)) {
      await outbox.enqueue(tx, owner.userId, build(owner.email));
    }
  }

  /**
   * The organization locked at the version the operator saw (404 gone, 409 changed), for an
   * action of `actor`, who may not own it.
   */
  async function lockedOrganization(tx: Database, actor: Actor, id: string, version: number) {
    const lock = await repository.lockAtVersion(tx, id, version);
    if (lock === 'missing') throw organizationNotFound(id);
    if (lock === 'changed') throw changedMeanwhile();
    await refuseOwnCase(tx, actor, id);
    return (await repository.organization(tx, id))!;
  }

  /** Holds the organization (as read in `tx`), recorded, its owners emailed why. */
  async function hold(
    tx: Database,
    actor: Actor,
    organization: AdminOrganizationRecord,
    reason: string,
  ) {
    const { id } = organization;
    await payments.setHeldIn(tx, id, true);
    await record(tx, actor, {
      action: 'organization.hold',
      targetType: 'organization',
      targetId: id,
      targetLabel: organization.name,
      reason,
    });
    if (!organization.heldByOperator) {
      await emailOwners(tx, id, (to) =>
        profileHeldEmail({
          to,
          organizationName: organization.name,
          publicUrl,
          reason,
          ...emailFooter,
        }),
      );
    }
  }

  async function deleteOrganization(actor: Actor, id: string, label: string, reason: string) {
    // Recorded first: the deletion itself spans the provider and storage, and must not go
    // unrecorded if it is interrupted halfway.
    await record(db, actor, {
      action: 'organization.delete',
      targetType: 'organization',
      targetId: id,
      targetLabel: label,
      reason,
    });
    await options.deleteOrganization(id);
  }

  return { refuseOwnCase, emailOwners, lockedOrganization, hold, deleteOrganization };
}
export type OrganizationHolds = ReturnType<typeof createOrganizationHolds>;
