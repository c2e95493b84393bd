import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckoutSession,
  CreateCheckoutSessionRequest,
  ErrorBody,
  PaymentSessionStatus,
  dataEnvelope,
} from '@si/contracts';
import { SessionParams, ownerErrors, tags, type PaymentRouteOptions } from './route-schemas.ts';
import { organizationEditors } from '../organizations/editors.ts';

/** Starting a checkout, and the success return's check that it was paid. */
export const checkoutRoutes: FastifyPluginAsyncZod<PaymentRouteOptions> = async (
  app,
  { payments },
) => {
  app.post(
    '/payments/create-checkout-session',
    {
      schema: {
        tags,
        summary: 'Start a checkout for an organization on the monthly or annual plan',
        description:
          "url is where to send the owner: the payment provider's hosted checkout, or the built-in test checkout when no provider is configured. An organization with a live subscription answers 409 ALREADY_SUBSCRIBED.",
        body: CreateCheckoutSessionRequest,
        response: {
          200: dataEnvelope(CheckoutSession),
          ...ownerErrors,
          409: ErrorBody,
          502: ErrorBody,
        },
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request) => {
      const session = request.caller;
      return { data: await payments.createCheckoutSession(session, request.body) };
    },
  );

  app.get(
    '/payments/session/:sessionId',
    {
      schema: {
        tags,
        summary: "Whether the caller's checkout session has been paid",
        description:
          'Asks the provider and, when the checkout is paid, activates the subscription at once (the webhook then changes nothing). Another user’s session answers 404.',
        params: SessionParams,
        response: { 200: dataEnvelope(PaymentSessionStatus), ...ownerErrors, 502: ErrorBody },
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request) => {
      const session = request.caller;
      return { data: await payments.sessionStatus(session, request.params.sessionId) };
    },
  );
};
