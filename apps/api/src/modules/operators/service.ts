import {
  adminEmailTexts,
  adminTexts,
  adminUserTexts,
  plans,
  apiMessages,
  authErrorCodes,
  errorCodes,
  sessionMessages,
  type AdminOrganizationAction,
  type AdminOrganizationQuery,
  type AdminRefundRequest,
  paymentErrorCodes,
  refundTexts,
  type CreateGuestCodeRequest,
  guestCodeTexts,
  type AdminUserAction,
  type AdminUserQuery,
  type ResolveReportRequest,
  domainVerificationTexts,
  verificationErrorCodes,
} from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthSession } from '../../identity/session.ts';
import type { OutboxRepository } from '../../adapters/email/outbox-repository.ts';
import {
  badgeRevokedEmail,
  profileHeldEmail,
  profileReleasedEmail,
  type EmailFooter,
} from '../../adapters/email/templates.ts';
import type { PaymentRepository } from '../payments/repository.ts';
import type { PaymentProviders } from '../payments/providers/index.ts';
import { ProviderRefusedError } from '../payments/providers/provider.ts';
import type { DigestSender } from '../newsletter/digest-sender.ts';
import type { NewsletterRepository } from '../newsletter/repository.ts';
import { recordAction, type Actor, type AuditedAction } from './audit.ts';
import { createNewsletterAdmin } from './newsletter-admin.ts';
import type { AdminOrganizationRecord, OperatorRepository, ReportRow } from './repository.ts';

export type { Actor };

/** An operator's console needs a sign-in this recent (ADR 028). */
export const OPERATOR_SIGN_IN_MAX_AGE_MS = 12 * 60 * 60 * 1000;

export interface OperatorServiceOptions {
  db: Database;
  repository: OperatorRepository;
  payments: Pick<
    PaymentRepository,
    | 'setHeldIn'
    | 'userEmail'
    | 'listAll'
    | 'listGuestCodes'
    | 'createGuestCode'
    | 'findGuestCode'
    | 'disableGuestCode'
    | 'currentForOrganization'
  >;
  outbox: OutboxRepository;
  /** Takes an organization's Verified badge away, in the caller's transaction. */
  clearBadge: (tx: Database, organizationId: string) => Promise<void>;
  /** The newsletter's addresses and settings (the console's newsletter page). */
  newsletter: NewsletterRepository;
  /** The monthly digest, previewed and sent now from the console (ADR 037). */
  newsletterDigests: DigestSender;
  /** Deletes an organization as its owner's deletion does (organizations service). */
  deleteOrganization: (id: string) => Promise<boolean>;
  /** Deletes a user with everything they own, as their own deletion does (accounts service). */
  deleteUser: (id: string) => Promise<boolean>;
  publicUrl: string;
  emailFooter: EmailFooter;
  /** The providers, and the subscription read back from one and applied (payments service). */
  providers: Pick<PaymentProviders, 'byName'>;
  refreshSubscription: (provider: 'stripe' | 'test', subscriptionId: string) => Promise<unknown>;
  /** Wakes the email relay after a change that emailed the owner. */
  onEmailQueued?: () => void;
  now?: () => Date;
}

const organizationNotFound = (id: string) =>
  new AppError(404, errorCodes.notFound, apiMessages.organizationNotFound(id));
const userNotFound = () => new AppError(404, errorCodes.notFound, adminUserTexts.userNotFound);
const changedMeanwhile = () =>
  new AppError(409, errorCodes.staleVersion, adminTexts.changedMeanwhile);

/**
 * The operators' rules (ADR 028): who may use the console, and every action it takes, each
 * recorded in the audit log in the transaction that makes it.
 */
export function createOperatorService(options: OperatorServiceOptions) {
  const { db, repository, payments, outbox, publicUrl, emailFooter } = options;
  const now = options.now ?? (() => new Date());
  const emailQueued = options.onEmailQueued ?? (() => {});

  /**
   * The signed-in operator, or the refusal: not signed in (401), not an operator or disabled
   * (403), signed in more than 12 hours ago (401, sign in again). Read from the database on
   * every request, so a grant or revoke counts from the next one.
   */
  async function requireOperator(session: AuthSession | null): Promise<Actor> {
    if (!session) throw new AppError(401, authErrorCodes.noUser, sessionMessages.loginRequired);
    const access = await repository.access(session.user.id);
    if (!access?.operatorSince) {
      throw new AppError(403, errorCodes.forbidden, adminTexts.operatorsOnly);
    }
    if (access.disabledAt)
      throw new AppError(403, errorCodes.forbidden, adminTexts.accountDisabled);
    const signedInAt = new Date(session.session.createdAt).getTime();
    if (now().getTime() - signedInAt > OPERATOR_SIGN_IN_MAX_AGE_MS) {
      throw new AppError(401, errorCodes.signInAgain, adminTexts.signInAgain);
    }
    return { id: session.user.id, email: access.email };
  }

  const record = (tx: Database, actor: Actor, entry: AuditedAction) =>
    recordAction(repository, tx, actor, entry);

  /** Operators do not judge their own case: what one owns, another operator acts on (403). */
  function refuseOwnCase(actor: Actor, ownerId: string | null | undefined) {
    if (ownerId === actor.id) throw new AppError(403, errorCodes.forbidden, adminTexts.ownCase);
  }

  /**
   * The organization locked at the version the operator saw (404 gone, 409 changed), for an
   * action of `actor`, who may not own it.
   */
  async function lockedOrganization(tx: Database, actor: Actor, id: string, version: number) {
    const lock = await repository.lockAtVersion(tx, id, version);
    if (lock === 'missing') throw organizationNotFound(id);
    if (lock === 'changed') throw changedMeanwhile();
    const organization = (await repository.organization(tx, id))!;
    refuseOwnCase(actor, organization.ownerId);
    return organization;
  }

  /** Holds the organization (as read in `tx`), recorded, its owner emailed why. */
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
    const to = await payments.userEmail(tx, organization.ownerId);
    if (to && !organization.heldByOperator) {
      await outbox.enqueue(
        tx,
        organization.ownerId,
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

  /** The user locked for a change; operators are changed only through the CLI. */
  async function lockedUser(tx: Database, id: string) {
    const user = await repository.lockUser(tx, id);
    if (!user) throw userNotFound();
    if (user.operatorSince) {
      throw new AppError(409, errorCodes.forbidden, adminUserTexts.notForOperators);
    }
    return user;
  }

  const toIso = (date: Date | null) => (date ? date.toISOString() : null);
  const userView = <Row extends { createdAt: Date }>(row: Row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
  });
  const reportView = (row: ReportRow) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: toIso(row.resolvedAt),
  });

  return {
    requireOperator,

    // The console.

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
      const [subscriptions, reports] = await Promise.all([
        repository.subscriptionsOf(id),
        repository.reportsOf(id),
      ]);
      return {
        organization: { ...organization, createdAt: organization.createdAt.toISOString() },
        subscriptions: subscriptions.map((row) => ({
          ...row,
          currentPeriodEnd: toIso(row.currentPeriodEnd),
          createdAt: row.createdAt.toISOString(),
        })),
        reports: reports.map(reportView),
      };
    },

    async hold(actor: Actor, id: string, input: AdminOrganizationAction) {
      await db.transaction(async (tx) => {
        const organization = await lockedOrganization(
          tx as unknown as Database,
          actor,
          id,
          input.version,
        );
        await hold(tx as unknown as Database, actor, organization, input.reason);
      });
      emailQueued();
    },

    async release(actor: Actor, id: string, input: AdminOrganizationAction) {
      await db.transaction(async (tx) => {
        const organization = await lockedOrganization(
          tx as unknown as Database,
          actor,
          id,
          input.version,
        );
        await payments.setHeldIn(tx as unknown as Database, id, false);
        await record(tx as unknown as Database, actor, {
          action: 'organization.release',
          targetType: 'organization',
          targetId: id,
          targetLabel: organization.name,
          reason: input.reason,
        });
        const to = await payments.userEmail(tx as unknown as Database, organization.ownerId);
        if (to && organization.heldByOperator) {
          await outbox.enqueue(
            tx as unknown as Database,
            organization.ownerId,
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

    /** Takes the Verified badge away, recorded with the reason, which the owner is emailed. */
    async revokeVerification(actor: Actor, id: string, input: AdminOrganizationAction) {
      await db.transaction(async (tx) => {
        const executor = tx as unknown as Database;
        const organization = await lockedOrganization(executor, actor, id, input.version);
        if (!organization.verification) {
          throw new AppError(
            409,
            verificationErrorCodes.notVerified,
            domainVerificationTexts.console.nothingToRevoke,
          );
        }
        await options.clearBadge(executor, id);
        await record(executor, actor, {
          action: 'organization.revoke-verification',
          targetType: 'organization',
          targetId: id,
          targetLabel: organization.name,
          reason: input.reason,
          details: { domain: organization.verification.domain },
        });
        const to = await payments.userEmail(executor, organization.ownerId);
        if (to) {
          await outbox.enqueue(
            executor,
            organization.ownerId,
            badgeRevokedEmail({
              to,
              organizationName: organization.name,
              publicUrl,
              reason: input.reason,
              ...emailFooter,
            }),
          );
        }
      });
      emailQueued();
    },

    async deleteOrganization(actor: Actor, id: string, input: AdminOrganizationAction) {
      const organization = await db.transaction((tx) =>
        lockedOrganization(tx as unknown as Database, actor, id, input.version),
      );
      await deleteOrganization(actor, id, organization.name, input.reason);
    },

    async reports(query: { status: 'open' | 'resolved'; page: number }) {
      const { rows, total } = await repository.reports(query);
      return { rows: rows.map(reportView), total };
    },

    /**
     * Resolves a report, and every other open report of the same profile with it: dismissed,
     * or the profile held (the owner is emailed the reason) or deleted.
     */
    async resolveReport(actor: Actor, id: string, input: ResolveReportRequest) {
      const status = ({ dismiss: 'dismissed', hold: 'held', delete: 'deleted' } as const)[
        input.action
      ];
      const report = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const found = await repository.lockOpenReport(tx, id);
        if (!found) throw new AppError(404, errorCodes.notFound, 'No such report');
        if (found.status !== 'open') {
          throw new AppError(409, errorCodes.staleVersion, adminTexts.alreadyResolved);
        }
        const organization = found.organizationId
          ? await repository.organization(tx, found.organizationId)
          : null;
        refuseOwnCase(actor, organization?.ownerId);
        const resolved = await repository.resolveReports(tx, found, {
          status,
          by: actor.email,
          resolution: input.reason,
        });
        await record(tx, actor, {
          action: `report.${input.action}`,
          targetType: 'report',
          targetId: found.id,
          targetLabel: found.organizationName,
          reason: input.reason,
          details: { organizationId: found.organizationId, resolvedReports: resolved.length },
        });
        if (input.action === 'hold' && organization) {
          await hold(tx, actor, organization, input.reason);
        }
        return found;
      });
      emailQueued();
      if (input.action === 'delete' && report.organizationId) {
        await deleteOrganization(
          actor,
          report.organizationId,
          report.organizationName,
          input.reason,
        );
      }
    },

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
        for (const organization of toHold) await hold(tx, actor, organization, input.reason);
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

    async overview() {
      const row = await repository.overview(now());
      const monthly = plans.monthly.amountCents;
      const yearly = plans.annual.amountCents;
      return {
        organizations: {
          published: row.published,
          lapsing: row.lapsing,
          lapsed: row.lapsed,
          unpaid: row.unpaid,
          held: row.held,
        },
        newUsers30Days: row.new_users,
        newOrganizations30Days: row.new_organizations,
        monthlyRecurringCents: row.monthly * monthly + Math.round((row.yearly * yearly) / 12),
        activeSubscriptions: { monthly: row.monthly, yearly: row.yearly, guest: row.guest },
        openReports: row.open_reports,
        days: row.days.map((day) => ({
          day: day.day,
          signUps: Number(day.signUps),
          publications: Number(day.publications),
          revenueCents: Number(day.newMonthly) * monthly + Number(day.newYearly) * yearly,
        })),
      };
    },

    async emails(query: { status: 'recent' | 'failed'; page: number }) {
      const { rows, total } = await repository.emails(query);
      return {
        rows: rows.map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          state: row.failedAt
            ? ('failed' as const)
            : row.sentAt
              ? ('sent' as const)
              : ('queued' as const),
          attempts: row.attempts,
          lastError: row.lastError,
          createdAt: row.createdAt.toISOString(),
          resendable: row.failedAt !== null || (row.sentAt !== null && row.kept),
        })),
        total,
      };
    },

    /**
     * Sends an email again: a failed one is tried afresh; a sent one is queued again as a copy,
     * while its text is still kept.
     */
    async resendEmail(actor: Actor, id: number) {
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const email = await repository.email(tx, id);
        if (!email) throw new AppError(404, errorCodes.notFound, adminEmailTexts.notFound);
        if (email.text === null || email.html === null) {
          throw new AppError(409, errorCodes.staleVersion, adminEmailTexts.bodyDropped);
        }
        if (email.failedAt) await outbox.resendIn(tx, id);
        else if (email.sentAt) {
          await outbox.enqueueFor(
            tx,
            email.userId === null
              ? { newsletterSubscriberId: email.newsletterSubscriberId! }
              : { userId: email.userId },
            {
              to: email.recipient,
              subject: email.subject,
              text: email.text,
              html: email.html,
              ...(email.headers ? { headers: email.headers } : {}),
            },
          );
        }
        await record(tx, actor, {
          action: 'email.resend',
          targetType: 'email',
          targetId: String(id),
          targetLabel: `${email.recipient}: ${email.subject}`,
        });
      });
      emailQueued();
    },

    /**
     * Refunds the organization's latest payment at its provider, then ends the subscription now
     * or at the end of its paid period, as the operator chose; the profile follows the
     * subscription (fulfilment). Nothing changes when the provider refuses or cannot be reached.
     */
    async refund(actor: Actor, id: string, input: AdminRefundRequest) {
      const organization = await db.transaction((tx) =>
        lockedOrganization(tx as unknown as Database, actor, id, input.version),
      );
      const subscription = await payments.currentForOrganization(id);
      if (!subscription || subscription.status === 'expired') {
        throw new AppError(409, paymentErrorCodes.conflict, refundTexts.nothingToRefund);
      }
      if (subscription.provider === 'guest') {
        throw new AppError(409, paymentErrorCodes.conflict, refundTexts.guestGrant);
      }
      const provider = options.providers.byName(subscription.provider);
      if (!provider)
        throw new AppError(
          502,
          paymentErrorCodes.providerUnavailable,
          refundTexts.providerUnavailable,
        );
      const providerId = subscription.providerSubscriptionId;
      let refund: { amountCents: number };
      try {
        refund = await provider.refundLatestPayment(providerId);
      } catch (error) {
        if (error instanceof ProviderRefusedError) {
          throw new AppError(
            409,
            paymentErrorCodes.conflict,
            refundTexts.providerRefused(error.reason ?? 'no reason given'),
          );
        }
        throw new AppError(
          502,
          paymentErrorCodes.providerUnavailable,
          refundTexts.providerUnavailable,
        );
      }
      // The money is back with the owner: recorded before the subscription is ended, so a
      // failure ending it (then retried by the operator or the webhook) leaves the refund known.
      await record(db, actor, {
        action: 'organization.refund',
        targetType: 'organization',
        targetId: id,
        targetLabel: organization.name,
        reason: input.reason,
        details: {
          amountCents: refund.amountCents,
          provider: subscription.provider,
          subscription: providerId,
          unpublish: input.unpublish,
        },
      });
      try {
        if (input.unpublish === 'now') await provider.cancelNow(providerId);
        else await provider.setCancelAtPeriodEnd(providerId, true);
      } catch {
        throw new AppError(
          502,
          paymentErrorCodes.providerUnavailable,
          refundTexts.providerUnavailable,
        );
      }
      await options.refreshSubscription(subscription.provider, providerId);
      emailQueued();
      return refund;
    },

    async subscriptions() {
      const rows = await payments.listAll();
      return rows.map((row) => ({
        id: row.id,
        organizationId: row.organizationId,
        organizationName: row.organizationName,
        plan: row.type,
        provider: row.provider,
        status: row.status,
        amountCents:
          row.provider === 'guest'
            ? 0
            : row.type === 'yearly'
              ? plans.annual.amountCents
              : plans.monthly.amountCents,
        periodStart: row.periodStart.toISOString(),
        periodEnd: row.periodEnd.toISOString(),
        graceUntil: toIso(row.graceUntil),
        published: row.published,
      }));
    },

    async guestCodes() {
      const at = now();
      return (await payments.listGuestCodes()).map((code) => ({
        code: code.code,
        state: code.disabledAt
          ? ('disabled' as const)
          : code.expiresAt <= at
            ? ('expired' as const)
            : code.uses >= code.maxUses
              ? ('used up' as const)
              : ('active' as const),
        uses: code.uses,
        maxUses: code.maxUses,
        grantMonths: code.grantMonths,
        expiresAt: code.expiresAt.toISOString(),
        createdAt: code.createdAt.toISOString(),
      }));
    },

    /** A code for `maxUses` organizations, `grantMonths` each, working through its last day (UTC). */
    async createGuestCode(actor: Actor, input: CreateGuestCodeRequest) {
      const expiresAt = new Date(
        Date.parse(`${input.lastDay}T00:00:00Z`) + 24 * 60 * 60 * 1000 - 1,
      );
      if (expiresAt <= now()) {
        throw new AppError(400, errorCodes.validation, guestCodeTexts.expiresInPast);
      }
      if (await payments.findGuestCode(db, input.code)) {
        throw new AppError(409, errorCodes.staleVersion, guestCodeTexts.exists(input.code));
      }
      const created = await payments.createGuestCode({
        code: input.code,
        maxUses: input.maxUses,
        expiresAt,
        grantMonths: input.grantMonths,
      });
      await record(db, actor, {
        action: 'guest-code.create',
        targetType: 'guest-code',
        targetId: created.id,
        targetLabel: created.code,
        details: {
          maxUses: created.maxUses,
          grantMonths: created.grantMonths,
          lastDay: input.lastDay,
        },
      });
    },

    async disableGuestCode(actor: Actor, code: string, reason: string) {
      const disabled = await payments.disableGuestCode(code);
      if (!disabled) throw new AppError(404, errorCodes.notFound, guestCodeTexts.notFound);
      await record(db, actor, {
        action: 'guest-code.disable',
        targetType: 'guest-code',
        targetId: disabled.id,
        targetLabel: disabled.code,
        reason,
      });
    },

    newsletter: createNewsletterAdmin({
      db,
      newsletter: options.newsletter,
      digests: options.newsletterDigests,
      record,
    }),

    async audit(query: { q?: string; page: number }) {
      const { rows, total } = await repository.audit(query);
      return {
        rows: rows.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          actorId: row.actorId,
          actorEmail: row.actorEmail,
          action: row.action,
          targetType: row.targetType,
          targetId: row.targetId,
          targetLabel: row.targetLabel,
          reason: row.reason,
        })),
        total,
      };
    },
  };
}
export type OperatorService = ReturnType<typeof createOperatorService>;
