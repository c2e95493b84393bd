import {
  paymentErrorCodes,
  paymentMessages,
  plans,
  type PlanChangePreview,
  type PlanChoice,
  type Subscription,
} from '@si/contracts';
import type { AuthSession } from '../../identity/session.ts';
import type { PaymentContext } from './payment-context.ts';
import { atProvider, conflict } from './payment-errors.ts';
import { cardChargesAfterSwitch } from './plan-change-schedule.ts';
import { ProviderRefusedError } from './providers/provider.ts';

/** Switching a live subscription between the monthly and annual plans, and its preview. */
export function createPlanChanges(context: PaymentContext) {
  const { options, repository, organizations, providerFor, refresh, currentOf } = context;

  /**
   * The subscription whose plan the owner may switch to `plan`: paid and renewing at a card
   * provider, not held back, on the other plan. Anything else is refused with a 409 that says
   * why, logged, and nothing is asked of the provider.
   */
  async function switchable(session: AuthSession | null, organizationId: string, plan: PlanChoice) {
    await organizations.requireMemberOrganization(session, organizationId, 'billing');
    const current = await repository.currentForOrganization(organizationId);
    const source = current && current.provider !== 'guest' ? providerFor(current.provider) : null;
    const refuse = (reason: string, message: string) => {
      options.logger?.info(
        { organizationId, plan, status: current?.status, type: current?.type, reason },
        'plan change refused; nothing changed',
      );
      return conflict(paymentErrorCodes.conflict, message);
    };
    if (!current || !source || current.status !== 'paid') {
      throw refuse('no live, renewing subscription', paymentMessages.planNotChangeable);
    }
    if (current.paymentHold || !current.published) {
      throw refuse('held back from the directory', paymentMessages.planNotChangeable);
    }
    if (current.type === plans[plan].subscriptionType) {
      throw refuse('already on that plan', paymentMessages.alreadyOnPlan);
    }
    return { current, source };
  }

  /**
   * A plan change the provider refused: a declined card (nothing changed), or a state that does
   * not allow it there (canceled in Stripe's portal, say), which is read back and shown.
   */
  async function refusedSwitch<T>(
    source: NonNullable<ReturnType<typeof providerFor>>,
    subscriptionId: string,
    work: () => Promise<T>,
  ): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof ProviderRefusedError)) throw error;
      options.logger?.info(
        { subscription: subscriptionId, subject: error.subject, reason: error.reason },
        'plan change refused by the provider; nothing changed',
      );
      if (error.subject === 'payment') {
        throw conflict(paymentErrorCodes.conflict, paymentMessages.planChangeDeclined);
      }
      await refresh(source.name, subscriptionId);
      throw conflict(paymentErrorCodes.conflict, paymentMessages.planNotChangeable);
    }
  }

  return {
    /** What switching to `plan` would charge now and at the next renewal; changes nothing. */
    async previewPlanChange(
      session: AuthSession | null,
      organizationId: string,
      plan: PlanChoice,
    ): Promise<PlanChangePreview> {
      const { current, source } = await switchable(session, organizationId, plan);
      const id = current.providerSubscriptionId;
      const quote = await atProvider(() =>
        refusedSwitch(source, id, () => source.previewPlanChange(id, plan)),
      );
      const card = cardChargesAfterSwitch(quote, plan);
      return {
        organizationId,
        plan,
        amountDueNowCents: quote.amountDueNowCents,
        creditCents: quote.creditCents,
        nextRenewalCents: quote.nextRenewalCents,
        nextRenewalDate: quote.nextRenewalDate.toISOString(),
        ...card,
        firstCardChargeDate: card.firstCardChargeDate.toISOString(),
        currency: quote.currency,
      };
    },

    /**
     * Switches to `plan` at the provider, with proration, then reads the subscription back
     * through fulfilment (under the organization's lock), so the recorded plan and period are
     * the provider's; the payment the switch took is receipted there, once.
     */
    async changePlan(
      session: AuthSession | null,
      organizationId: string,
      plan: PlanChoice,
    ): Promise<Subscription> {
      const { current, source } = await switchable(session, organizationId, plan);
      const id = current.providerSubscriptionId;
      await atProvider(async () => {
        const { paidInvoice } = await refusedSwitch(source, id, () => source.changePlan(id, plan));
        await refresh(source.name, id, paidInvoice ? { paidInvoice } : undefined);
      });
      options.logger?.info(
        { organizationId, subscription: id, from: current.type, plan },
        'plan changed at the provider',
      );
      return (await currentOf(organizationId))!;
    },
  };
}
