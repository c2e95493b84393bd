import Stripe from 'stripe';
import { planIds, type PlanChoice } from '@si/contracts';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  type PaymentProvider,
  type ProviderSubscription,
} from './provider.ts';
import { calling, toDate, underLock, type StripeSettings } from './stripe-client.ts';

function stateOf(status: Stripe.Subscription.Status): ProviderSubscription['state'] {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
      return 'past_due';
    case 'incomplete':
      return 'incomplete';
    case 'paused':
      // Not paying: treated as a failed renewal, so the grace period applies.
      return 'past_due';
    default:
      // canceled, unpaid (retries exhausted), incomplete_expired
      return 'ended';
  }
}

/**
 * The plan a subscription is on now: by its price (a switch in the billing portal changes the
 * price, not our metadata), else the plan we wrote in its metadata at checkout.
 */
export function planOf(subscription: Stripe.Subscription, priceIds: StripeSettings['priceIds']) {
  const price = subscription.items.data[0]?.price;
  const byId = planIds.find((plan) => priceIds[plan] && priceIds[plan] === price?.id);
  if (byId) return byId;
  if (price?.recurring?.interval === 'year') return 'annual';
  if (price?.recurring?.interval === 'month') return 'monthly';
  const fromMetadata = subscription.metadata?.plan;
  return (planIds as readonly string[]).includes(fromMetadata ?? '')
    ? (fromMetadata as PlanChoice)
    : 'monthly';
}

/** A subscription read back from Stripe, renewed or not, and ended at once. */
export function createStripeSubscriptions(stripe: Stripe, settings: StripeSettings) {
  const toSubscription = (subscription: Stripe.Subscription): ProviderSubscription => {
    const item = subscription.items.data[0];
    const start = item?.current_period_start ?? subscription.start_date;
    const end = item?.current_period_end ?? subscription.start_date;
    return {
      id: subscription.id,
      customerId:
        typeof subscription.customer === 'string'
          ? subscription.customer
          : subscription.customer.id,
      organizationId: subscription.metadata?.organizationId ?? null,
      userId: subscription.metadata?.userId ?? null,
      plan: planOf(subscription, settings.priceIds),
      state: stateOf(subscription.status),
      // A cancellation set for a date (cancel_at) ends it then, like one at the period's end.
      cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
      periodStart: toDate(start),
      periodEnd: toDate(
        subscription.cancel_at !== null && !subscription.cancel_at_period_end
          ? Math.min(subscription.cancel_at, end)
          : end,
      ),
    };
  };

  return {
    readSubscription: (id, within) =>
      calling(async () => {
        try {
          // Under the organization's lock (`within`), a slow Stripe must not hold it for long:
          // a failure there answers 5xx and Stripe delivers the event again.
          const options = within ? underLock : {};
          return toSubscription(await stripe.subscriptions.retrieve(id, {}, options));
        } catch (error) {
          if (
            error instanceof Stripe.errors.StripeInvalidRequestError &&
            error.statusCode === 404
          ) {
            return null;
          }
          throw error;
        }
      }),

    setCancelAtPeriodEnd: async (id, cancel) => {
      try {
        await stripe.subscriptions.update(id, { cancel_at_period_end: cancel });
      } catch (error) {
        // Already canceled at Stripe (in its portal, say): the caller reads the state back.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          throw new ProviderRefusedError(error);
        }
        throw new ProviderUnavailableError(error);
      }
    },

    cancelNow: (id, within) =>
      calling(async () => {
        try {
          await stripe.subscriptions.cancel(id, {}, within ? underLock : {});
        } catch (error) {
          // Already canceled at Stripe: what deletion wanted.
          if (
            error instanceof Stripe.errors.StripeInvalidRequestError &&
            error.statusCode === 404
          ) {
            return;
          }
          throw error;
        }
      }),
  } satisfies Partial<PaymentProvider>;
}
