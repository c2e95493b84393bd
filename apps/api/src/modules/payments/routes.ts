import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingRoutes } from './billing-routes.ts';
import { checkoutRoutes } from './checkout-routes.ts';
import { guestCodeRoutes } from './guest-code-routes.ts';
import type { PaymentRouteOptions } from './route-schemas.ts';
import { subscriptionRoutes } from './subscription-routes.ts';
import { testCheckoutRoutes } from './test-checkout-routes.ts';

/**
 * The docs/product.md#the-api payment calls, and the owner's management of a subscription. Every one
 * is for the organization's owner only (the organizations' access rules); the service decides.
 */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentRouteOptions> = async (app, options) => {
  // In this order: the OpenAPI document lists the paths as they are registered.
  await app.register(checkoutRoutes, options);
  await app.register(billingRoutes, options);
  await app.register(guestCodeRoutes, options);
  await app.register(subscriptionRoutes, options);
  await app.register(testCheckoutRoutes, options);
};
