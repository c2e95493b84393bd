import {
  domainVerificationTexts,
  verificationErrorCodes,
  type AdminOrganizationAction,
  type AdminOrganizationQuery,
  type AdminRefundRequest,
} from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { badgeRevokedEmail, profileReleasedEmail } from '../../adapters/email/templates.ts';
import type { Actor } from './audit.ts';
import { toIso, type ConsoleContext, type OperatorServiceOptions } from './console-context.ts';
import { organizationNotFound, type OrganizationHolds } from './organization-holds.ts';
import { reportView } from './report-actions.ts';
import type { RoleHolds } from './role-holds.ts';

/**
 * The console's organizations: the list, one with its subscriptions and reports, and what an
 * operator does to one (hold, release, revoke the badge, delete, refund), each audited.
 */
export function createOrganizationActions(
  context: ConsoleContext,
  holds: OrganizationHolds,
  /** Its roles in every status (role-holds.ts). */
  rolesOf: RoleHolds['rolesOf'],
  options: Pick<
    OperatorServiceOptions,
    'payments' | 'publicUrl' | 'emailFooter' | 'clearBadge' | 'refund'
  >,
) {
  const { db, repository, record, emailQueued } = context;
  const { payments, publicUrl, emailFooter } = options;

  /** The organization locked at the version the operator saw, in its own transaction. */
  const locked = (actor: Actor, id: string, version: number) =>
    db.transaction((tx) => holds.lockedOrganization(tx as unknown as Database, actor, id, version));

  return {
    async organizations(query: AdminOrganizationQuery) {
      const { rows, total } = await repository.organizations(query);
      return {
        rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        total,
      };
    },

    async organization(id: string) {
      const organization = await repository.organization(db, id);
      if (!organization) throw organizationNotFound(id);
      const [subscriptions, reports, roles] = await Promise.all([
        repository.subscriptionsOf(id),
        repository.reportsOf(id),
        rolesOf(id),
      ]);
      return {
        organization: { ...organization, createdAt: organization.createdAt.toISOString() },
        subscriptions: subscriptions.map((row) => ({
          ...row,
          currentPeriodEnd: toIso(row.currentPeriodEnd),
          createdAt: row.createdAt.toISOString(),
        })),
        reports: reports.map(reportView),
        roles,
      };
    },

    async hold(actor: Actor, id: string, input: AdminOrganizationAction) {
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const organization = await holds.lockedOrganization(tx, actor, id, input.version);
        await holds.hold(tx, actor, organization, input.reason);
      });
      emailQueued();
    },

    async release(actor: Actor, id: string, input: AdminOrganizationAction) {
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const organization = await holds.lockedOrganization(tx, actor, id, input.version);
        await payments.setHeldIn(tx, id, false);
        await record(tx, actor, {
          action: 'organization.release',
          targetType: 'organization',
          targetId: id,
          targetLabel: organization.name,
          reason: input.reason,
        });
        if (organization.heldByOperator) {
          await holds.emailOwners(tx, id, (to) =>
            profileReleasedEmail({
              to,
              organizationName: organization.name,
              publicUrl,
              ...emailFooter,
            }),
          );
        }
      });
      emailQueued();
    },

    /** Takes the Verified badge away, recorded with the reason, which the owners are emailed. */
    async revokeVerification(actor: Actor, id: string, input: AdminOrganizationAction) {
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const organization = await holds.lockedOrganization(tx, actor, id, input.version);
        if (!organization.verification) {
          throw new AppError(
            409,
            verificationErrorCodes.notVerified,
            domainVerificationTexts.console.nothingToRevoke,
          );
        }
        await options.clearBadge(tx, id);
        await record(tx, actor, {
          action: 'organization.revoke-verification',
          targetType: 'organization',
          targetId: id,
          targetLabel: organization.name,
          reason: input.reason,
          details: { domain: organization.verification.domain },
        });
        await holds.emailOwners(tx, id, (to) =>
          badgeRevokedEmail({
            to,
            organizationName: organization.name,
            publicUrl,
            reason: input.reason,
            ...emailFooter,
          }),
        );
      });
      emailQueued();
    },

    async deleteOrganization(actor: Actor, id: string, input: AdminOrganizationAction) {
      const organization = await locked(actor, id, input.version);
      await holds.deleteOrganization(actor, id, organization.name, input.reason);
    },

    /**
     * Refunds the organization's latest payment through the payments module, which ends the
     * subscription now or at the end of its paid period, as the operator chose. The refund is
     * audited as soon as the provider made it, before the subscription is ended.
     */
    async refund(actor: Actor, id: string, input: AdminRefundRequest) {
      const organization = await locked(actor, id, input.version);
      const refund = await options.refund(id, input.unpublish, (refunded) =>
        record(db, actor, {
          action: 'organization.refund',
          targetType: 'organization',
          targetId: id,
          targetLabel: organization.name,
          reason: input.reason,
          details: {
            amountCents: refunded.amountCents,
            provider: refunded.provider,
            subscription: refunded.subscription,
            unpublish: input.unpublish,
          },
        }),
      );
      emailQueued();
      return refund;
    },
  };
}
