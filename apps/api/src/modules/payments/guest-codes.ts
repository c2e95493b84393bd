import { randomUUID } from 'node:crypto';
import { paymentErrorCodes, paymentMessages, type ApplyGuestCodeRequest } from '@si/contracts';
import { AppError } from '../../http/errors.ts';
import type { AuthSession } from '../../identity/session.ts';
import type { PaymentContext } from './payment-context.ts';
import { conflict } from './payment-errors.ts';
import { addMonths } from './subscription-state.ts';

/** An owner publishing an organization with a guest code instead of a checkout. */
export function createGuestCodeRedemption(context: PaymentContext) {
  const { options, repository, organizations, fulfilment, currentOf, count } = context;

  return {
    /**
     * Publishes the organization for the code's grant. The code's use is taken by one
     * conditional update in the same transaction as the grant, under the organization's lock.
     */
    async applyGuestCode(session: AuthSession | null, request: ApplyGuestCodeRequest) {
      const organization = await organizations.requireMemberOrganization(
        session,
        request.organizationId,
        'billing',
      );
      const userId = session!.user.id;
      await count('guestCodes', userId, paymentMessages.tooManyGuestCodes);
      const now = new Date();
      let queued = false;
      await repository.transaction(async (tx) => {
        const locked = await repository.lockOrganization(tx, organization.id);
        if (!locked) throw organizations.ownerNotFound(organization.id);
        if (await repository.hasLiveSubscription(tx, organization.id)) {
          throw conflict(paymentErrorCodes.alreadySubscribed, paymentMessages.alreadySubscribed);
        }
        const code = await repository.claimGuestCode(tx, request.code, now);
        if (!code) {
          const known = await repository.findGuestCode(tx, request.code);
          const message = !known
            ? paymentMessages.guestCodeInvalid
            : known.disabledAt
              ? paymentMessages.guestCodeDisabled
              : known.expiresAt <= now
                ? paymentMessages.guestCodeExpired
                : paymentMessages.guestCodeUsedUp;
          throw new AppError(400, paymentErrorCodes.invalidGuestCode, message, { code: message });
        }
        const first = await repository.recordRedemption(tx, {
          guestCodeId: code.id,
          organizationId: organization.id,
          userId,
        });
        if (!first) {
          throw new AppError(
            400,
            paymentErrorCodes.invalidGuestCode,
            paymentMessages.guestCodeAlreadyUsed,
            { code: paymentMessages.guestCodeAlreadyUsed },
          );
        }
        const granted = await repository.insertSubscription(tx, {
          organizationId: organization.id,
          userId,
          provider: 'guest',
          providerSubscriptionId: `guest_${randomUUID()}`,
          type: 'guest',
          status: 'paid',
          periodStart: now,
          periodEnd: addMonths(now, code.grantMonths),
          guestCodeId: code.id,
        });
        await repository.refreshOrganization(tx, organization.id);
        queued = await fulfilment.announce(tx, locked, null, granted);
      });
      if (queued) fulfilment.emailQueued();
      await options.counters.clear(`guestCodes:${userId}`);
      return (await currentOf(organization.id))!;
    },
  };
}
