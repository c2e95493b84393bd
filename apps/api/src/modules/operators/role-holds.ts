import {
  RoleId,
  adminRoleTexts,
  adminTexts,
  errorCodes,
  type AdminRoleAction,
} from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { roleHeldEmail, roleReleasedEmail } from '../../adapters/email/templates.ts';
import type { RoleRow } from '../roles/repository.ts';
import { dayOf, statusOf } from '../roles/role-calendar.ts';
import type { Actor } from './audit.ts';
import { toIso, type ConsoleContext, type OperatorServiceOptions } from './console-context.ts';
import { organizationNotFound, type OrganizationHolds } from './organization-holds.ts';
import type { AdminOrganizationRecord } from './repository.ts';

const conflict = (message: string) => new AppError(409, errorCodes.staleVersion, message);
const roleNotFound = () => new AppError(404, errorCodes.notFound, adminRoleTexts.roleNotFound);

/**
 * An operator's hold of one role (ADR 045): the role leaves every public place at once (it is
 * not open while held, and the write moves the organization's kept pages and the directory),
 * its owners are emailed the reason, and the hold and its release are in the audit log. As for a
 * profile, an operator never acts on a role of their own organization.
 */
export function createRoleHolds(
  { db, repository, record, now, emailQueued }: ConsoleContext,
  holds: Pick<OrganizationHolds, 'refuseOwnCase' | 'emailOwners'>,
  options: Pick<OperatorServiceOptions, 'publicUrl' | 'emailFooter'>,
) {
  const { publicUrl, emailFooter } = options;

  /** The organization (not the actor's) and its role, locked in `tx`; 404 if either is gone. */
  async function lockedRole(tx: Database, actor: Actor, organizationId: string, roleId: string) {
    const organization = await repository.organization(tx, organizationId);
    if (!organization) throw organizationNotFound(organizationId);
    await holds.refuseOwnCase(tx, actor, organizationId);
    const role = RoleId.safeParse(roleId).success
      ? await repository.lockRole(tx, organizationId, roleId)
      : null;
    if (!role) throw roleNotFound();
    return { organization, role };
  }

  /** The role as the operator saw it, or 409: someone changed it since the page was read. */
  function requireSeen(role: RoleRow, updatedAt: string) {
    if (role.updatedAt.getTime() !== Date.parse(updatedAt)) {
      throw conflict(adminTexts.changedMeanwhile);
    }
  }

  const labelOf = (organization: AdminOrganizationRecord, role: RoleRow) =>
    `${role.title} (${organization.name})`;

  /** Each owner is told of the hold (with its reason) or the release. */
  async function emailOwners(
    tx: Database,
    organization: AdminOrganizationRecord,
    role: RoleRow,
    reason: string | null,
  ) {
    await holds.emailOwners(tx, organization.id, (to) => {
      const email = {
        to,
        organizationId: organization.id,
        organizationName: organization.name,
        roleTitle: role.title,
        publicUrl,
        ...emailFooter,
      };
      return reason === null ? roleReleasedEmail(email) : roleHeldEmail({ ...email, reason });
    });
  }

  /** Holds a role that is not held, recorded, its owners emailed why. */
  async function hold(
    tx: Database,
    actor: Actor,
    organization: AdminOrganizationRecord,
    role: RoleRow,
    reason: string,
  ) {
    await repository.setRoleHold(tx, role.id, now(), reason);
    await record(tx, actor, {
      action: 'role.hold',
      targetType: 'role',
      targetId: role.id,
      targetLabel: labelOf(organization, role),
      reason,
      details: { organizationId: organization.id },
    });
    await emailOwners(tx, organization, role, reason);
  }

  const inTransaction = (work: (tx: Database) => Promise<void>) =>
    db.transaction((transaction) => work(transaction as unknown as Database));

  return {
    /** The organization's roles for its console page, with their status today. */
    async rolesOf(organizationId: string) {
      const today = dayOf(now());
      const rows = await repository.rolesOf(organizationId);
      return rows.map(({ role, openReports }) => ({
        id: role.id,
        title: role.title,
        status: statusOf(role, today),
        postedAt: role.postedAt.toISOString(),
        closesOn: role.closesOn,
        heldAt: toIso(role.heldAt),
        heldReason: role.heldReason,
        updatedAt: role.updatedAt.toISOString(),
        openReports,
      }));
    },

    async holdRole(actor: Actor, organizationId: string, roleId: string, input: AdminRoleAction) {
      await inTransaction(async (tx) => {
        const { organization, role } = await lockedRole(tx, actor, organizationId, roleId);
        requireSeen(role, input.updatedAt);
        if (role.heldAt) throw conflict(adminRoleTexts.alreadyHeld);
        await hold(tx, actor, organization, role, input.reason);
      });
      emailQueued();
    },

    async releaseRole(
      actor: Actor,
      organizationId: string,
      roleId: string,
      input: AdminRoleAction,
    ) {
      await inTransaction(async (tx) => {
        const { organization, role } = await lockedRole(tx, actor, organizationId, roleId);
        requireSeen(role, input.updatedAt);
        if (!role.heldAt) throw conflict(adminRoleTexts.notHeld);
        await repository.setRoleHold(tx, role.id, now(), null);
        await record(tx, actor, {
          action: 'role.release',
          targetType: 'role',
          targetId: role.id,
          targetLabel: labelOf(organization, role),
          reason: input.reason,
          details: { organizationId: organization.id },
        });
        await emailOwners(tx, organization, role, null);
      });
      emailQueued();
    },

    /**
     * A report's 'hold' (report-actions.ts), in its transaction: the reported role held unless it
     * is already; 409 when the role was deleted since it was reported.
     */
    async holdReported(
      tx: Database,
      actor: Actor,
      organization: AdminOrganizationRecord | null,
      roleId: string | null,
      reason: string,
    ) {
      const role =
        organization && roleId ? await repository.lockRole(tx, organization.id, roleId) : null;
      if (!organization || !role) throw conflict(adminRoleTexts.roleGone);
      if (!role.heldAt) await hold(tx, actor, organization, role, reason);
    },
  };
}
export type RoleHolds = ReturnType<typeof createRoleHolds>;
