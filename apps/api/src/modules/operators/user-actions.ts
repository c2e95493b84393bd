import {
  adminUserTexts,
  errorCodes,
  type AdminUserAction,
  type AdminUserQuery,
} from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from './audit.ts';
import { toIso, type ConsoleContext, type OperatorServiceOptions } from './console-context.ts';
import type { OrganizationHolds } from './organization-holds.ts';

const userNotFound = () => new AppError(404, errorCodes.notFound, adminUserTexts.userNotFound);
const userView = <Row extends { createdAt: Date }>(row: Row) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** The console's users: the list, one with what they own, disable, re-enable, delete. */
export function createUserActions(
  { db, repository, record, now, emailQueued }: ConsoleContext,
  holds: OrganizationHolds,
  options: Pick<OperatorServiceOptions, 'payments' | 'deleteUser'>,
) {
  const { payments } = options;

  /** The user locked for a change; operators are changed only through the CLI. */
  async function lockedUser(tx: Database, id: string) {
    const user = await repository.lockUser(tx, id);
    if (!user) throw userNotFound();
    if (user.operatorSince) {
      throw new AppError(409, errorCodes.forbidden, adminUserTexts.notForOperators);
    }
    return user;
  }

  return {
    async users(query: AdminUserQuery) {
      const { rows, total } = await repository.users(query);
      return { rows: rows.map(userView), total };
    },

    async user(id: string) {
      const user = await repository.user(db, id);
      if (!user) throw userNotFound();
      const [owned, subscriptions] = await Promise.all([
        repository.organizationsOf(db, id),
        repository.subscriptionsOfOwner(id),
      ]);
      return {
        user: userView(user),
        organizations: owned.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        subscriptions: subscriptions.map((row) => ({
          ...row,
          currentPeriodEnd: toIso(row.currentPeriodEnd),
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    /**
     * Disables a user: every session ends, no sign-in makes a new one (identity's session hook),
     * and their published profiles are held, each owner email saying why.
     */
    async disableUser(actor: Actor, id: string, input: AdminUserAction) {
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const user = await lockedUser(tx, id);
        if (user.disabledAt) return;
        await repository.setDisabled(tx, id, now());
        await repository.endSessions(tx, id);
        const owned = await repository.organizationsOf(tx, id);
        const toHold = owned.filter((organization) => !organization.heldByOperator);
        for (const organization of toHold) await holds.hold(tx, actor, organization, input.reason);
        await record(tx, actor, {
          action: 'user.disable',
          targetType: 'user',
          targetId: id,
          targetLabel: user.email,
          reason: input.reason,
          details: { heldOrganizations: toHold.map((organization) => organization.id) },
        });
      });
      emailQueued();
    },

    /** Re-enables a user: they can sign in again, and the holds their disable made are lifted. */
    async enableUser(actor: Actor, id: string, input: AdminUserAction) {
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const user = await lockedUser(tx, id);
        if (!user.disabledAt) return;
        await repository.setDisabled(tx, id, null);
        for (const organizationId of await repository.heldByLatestDisable(tx, id)) {
          if (await repository.organization(tx, organizationId)) {
            await payments.setHeldIn(tx, organizationId, false);
          }
        }
        await record(tx, actor, {
          action: 'user.enable',
          targetType: 'user',
          targetId: id,
          targetLabel: user.email,
          reason: input.reason,
        });
      });
    },

    /** Deletes a user with everything they own, as their own account deletion does. */
    async deleteUser(actor: Actor, id: string, input: AdminUserAction) {
      const user = await db.transaction((tx) => lockedUser(tx as unknown as Database, id));
      // Recorded first, as an organization's deletion is: it spans the provider and storage.
      await record(db, actor, {
        action: 'user.delete',
        targetType: 'user',
        targetId: user.id,
        targetLabel: user.email,
        reason: input.reason,
      });
      await options.deleteUser(id);
    },
  };
}
