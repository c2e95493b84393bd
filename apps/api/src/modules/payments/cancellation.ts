import { paymentErrorCodes, paymentMessages, type Subscription } from '@si/contracts';
import { AppError } from '../../http/errors.ts';
import type { AuthSession } from '../../identity/session.ts';
import type { PaymentContext } from './payment-context.ts';
import { atProvider, conflict } from './payment-errors.ts';
import { ProviderRefusedError, ProviderUnavailableError } from './providers/provider.ts';

/** Cancel and resume at the period's end (the owner), and cancel now (deleting). */
export function createCancellation(context: PaymentContext) {
  const { repository, organizations, providerFor, refresh, currentOf } = context;

  async function setRenewal(
    session: AuthSession | null,
    organizationId: string,
    renew: boolean,
  ): Promise<Subscription> {
    await organizations.requireMemberOrganization(session, organizationId, 'billing');
    const current = await repository.currentForOrganization(organizationId);
    const source = current && providerFor(current.provider);
    const allowed = renew
      ? current?.status === 'canceled' && current.periodEnd > new Date()
      : current?.status === 'paid' && current.provider !== 'guest';
    const refused = renew ? paymentMessages.notResumable : paymentMessages.notCancelable;
    if (!current || !source || !allowed) throw conflict(paymentErrorCodes.conflict, refused);
    const id = current.providerSubscriptionId;
    await atProvider(async () => {
      try {
        await source.setCancelAtPeriodEnd(id, !renew);
      } catch (error) {
        // The provider's state does not allow it (canceled in its portal): show that state.
        if (!(error instanceof ProviderRefusedError)) throw error;
        await refresh(source.name, id);
        throw conflict(paymentErrorCodes.conflict, refused);
      }
      await refresh(source.name, id);
    });
    return (await currentOf(organizationId))!;
  }

  return {
    /** Stops renewal: the profile stays published until the paid period ends. */
    cancel: (session: AuthSession | null, organizationId: string) =>
      setRenewal(session, organizationId, false),

    /** Renews again a canceled subscription whose period has not ended. */
    resume: (session: AuthSession | null, organizationId: string) =>
      setRenewal(session, organizationId, true),

    /** Cancels at the provider, now, everything deleting would leave running there. */
    async cancelBeforeDeletion(where: { organizationId: string } | { ownerId: string }) {
      const running = await repository.runningAtProvider(where);
      try {
        for (const subscription of running) {
          const source = providerFor(subscription.provider);
          if (!source) continue;
          await source.cancelNow(subscription.providerSubscriptionId);
          // Recorded at once: if what follows fails, the organization stays, showing the truth.
          await refresh(source.name, subscription.providerSubscriptionId, { silent: true });
        }
      } catch (error) {
        if (error instanceof ProviderUnavailableError) {
          throw new AppError(
            502,
            paymentErrorCodes.providerUnavailable,
            paymentMessages.deletionBlocked,
          );
        }
        throw error;
      }
    },
  };
}
