import { createBilling } from './billing.ts';
import { createCancellation } from './cancellation.ts';
import { createCheckouts } from './checkout.ts';
import { createGuestCodeRedemption } from './guest-codes.ts';
import { createPaymentContext, type PaymentServiceOptions } from './payment-context.ts';
import { createPlanChanges } from './plan-change.ts';
import { createProviderEventHandling } from './provider-events.ts';
import { createTestCheckout } from './test-checkout.ts';

export type { PaymentServiceOptions } from './payment-context.ts';

/** The payment service: its use cases, each in its own file, over one shared context. */
export function createPaymentService(options: PaymentServiceOptions) {
  const context = createPaymentContext(options);
  return {
    ...createCheckouts(context),
    ...createBilling(context),
    ...createCancellation(context),
    ...createPlanChanges(context),
    ...createGuestCodeRedemption(context),
    ...createProviderEventHandling(context),
    ...createTestCheckout(context),
    refresh: context.refresh,
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
