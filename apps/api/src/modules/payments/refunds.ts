import { paymentErrorCodes, refundTexts, type AdminRefundRequest } from '@si/contracts';
import { AppError } from '../../http/errors.ts';
import type { PaymentProviders } from './providers/index.ts';
import { ProviderRefusedError } from './providers/provider.ts';
import type { PaymentRepository } from './repository.ts';

/** A refund the provider made: what came back, and which subscription paid it. */
export interface Refunded {
  amountCents: number;
  provider: 'stripe' | 'test';
  subscription: string;
}

const providerUnavailable = () =>
  new AppError(502, paymentErrorCodes.providerUnavailable, refundTexts.providerUnavailable);

/**
 * An operator's refund of an organization's latest payment (ADR 028): refunded at its provider,
 * then the subscription ended now or at the end of its paid period; the profile follows the
 * subscription (fulfilment). Nothing changes when the provider refuses or cannot be reached.
 */
export function createRefunds(options: {
  repository: Pick<PaymentRepository, 'currentForOrganization'>;
  providers: Pick<PaymentProviders, 'byName'>;
  /** The subscription read back from its provider and applied (the payments service's). */
  refresh: (provider: 'stripe' | 'test', subscriptionId: string) => Promise<unknown>;
}) {
  const { repository, providers, refresh } = options;

  /**
   * `onRefunded` runs once the money is back with the owner, before the subscription is ended:
   * a failure ending it (then retried by the operator or the webhook) leaves the refund known.
   */
  async function refundLatest(
    organizationId: string,
    unpublish: AdminRefundRequest['unpublish'],
    onRefunded: (refund: Refunded) => Promise<unknown>,
  ) {
    const subscription = await repository.currentForOrganization(organizationId);
    if (!subscription || subscription.status === 'expired') {
      throw new AppError(409, paymentErrorCodes.conflict, refundTexts.nothingToRefund);
    }
    if (subscription.provider === 'guest') {
      throw new AppError(409, paymentErrorCodes.conflict, refundTexts.guestGrant);
    }
    const provider = providers.byName(subscription.provider);
    if (!provider) throw providerUnavailable();
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
      throw providerUnavailable();
    }
    await onRefunded({
      amountCents: refund.amountCents,
      provider: subscription.provider,
      subscription: providerId,
    });
    try {
      if (unpublish === 'now') await provider.cancelNow(providerId);
      else await provider.setCancelAtPeriodEnd(providerId, true);
    } catch {
      throw providerUnavailable();
    }
    await refresh(subscription.provider, providerId);
    return refund;
  }

  return { refundLatest };
}
export type RefundLatest = ReturnType<typeof createRefunds>['refundLatest'];
