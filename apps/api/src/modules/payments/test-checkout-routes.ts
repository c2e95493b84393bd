import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, Redirect, TestCheckout, dataEnvelope } from '@si/contracts';
import { SessionParams, ownerErrors, tags, type PaymentRouteOptions } from './route-schemas.ts';

/** The built-in test checkout's calls (embedded default only). */
export const testCheckoutRoutes: FastifyPluginAsyncZod<PaymentRouteOptions> = async (
  app,
  { payments },
) => {
  const testModeNote = 'Only while no payment provider is configured (the embedded default).';
  app.get(
    '/payments/test-checkout/:sessionId',
    {
      schema: {
        tags,
        summary: "The built-in test checkout's session: organization, plan, amount",
        description: testModeNote,
        params: SessionParams,
        response: { 200: dataEnvelope(TestCheckout), ...ownerErrors },
      },
      config: { access: 'owner' },
    },
    async (request) => {
      const session = request.caller;
      return { data: await payments.testCheckout(session, request.params.sessionId) };
    },
  );

  app.post(
    '/payments/test-checkout/:sessionId/pay',
    {
      schema: {
        tags,
        summary: 'Pay in the test checkout; answers the success URL to go to',
        description: `${testModeNote} Runs the same fulfilment as the provider's webhook.`,
        params: SessionParams,
        response: { 200: dataEnvelope(Redirect), ...ownerErrors, 409: ErrorBody },
      },
      config: { access: 'owner' },
    },
    async (request) => {
      const session = request.caller;
      return { data: await payments.testPay(session, request.params.sessionId) };
    },
  );

  app.post(
    '/payments/test-checkout/:sessionId/cancel',
    {
      schema: {
        tags,
        summary: 'Leave the test checkout; answers the cancel URL to go to',
        description: testModeNote,
        params: SessionParams,
        response: { 200: dataEnvelope(Redirect), ...ownerErrors },
      },
      config: { access: 'owner' },
    },
    async (request) => {
      const session = request.caller;
      return { data: await payments.testCancel(session, request.params.sessionId) };
    },
  );
};
