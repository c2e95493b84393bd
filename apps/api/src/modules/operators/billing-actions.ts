import { errorCodes, guestCodeTexts, plans, type CreateGuestCodeRequest } from '@si/contracts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from './audit.ts';
import { toIso, type ConsoleContext, type OperatorServiceOptions } from './console-context.ts';

/** The console's billing: every subscription, and the guest codes made, listed and stopped. */
export function createBillingActions(
  { db, record, now }: ConsoleContext,
  { payments }: Pick<OperatorServiceOptions, 'payments'>,
) {
  return {
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
  };
}
