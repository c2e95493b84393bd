import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, Redirect, TestCheckout, dataEnvelope } from '@si/contracts';
import { sessionRequired } from '../../http/openapi.ts';
import { readSession } from '../../identity/session.ts';
import { SessionParams, ownerErrors, tags, type PaymentRouteOptions } from './route-schemas.ts';

/** The built-in test checkout's calls (embedded default only). */
export const testCheckoutRoutes: FastifyPluginAsyncZod<PaymentRouteOptions> = async (
  app,
  { payments, identity },
) => {
  const testModeNote = 'Only while no payment provider is configured (the embedded default).';
  app.get(
    '/payments/test-checkout/:sessionId',
    {
      schema: {
        tags,
        summary: "The built-in test checkout's session: organization, plan, amount",
        description: testModeNote,
        security: sessionRequired,
        params: SessionParams,
        response: { 200: dataEnvelope(TestCheckout), ...ownerErrors },
      },
    },
    async (request, reply) => {
      const session = await readSession(identity, request, reply);
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
        security: sessionRequired,
        params: SessionParams,
        response: { 200: dataEnvelope(Redirect), ...ownerErrors, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const session = await readSession(identity, request, reply);
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
        security: sessionRequired,
        params: SessionParams,
        response: { 200: dataEnvelope(Redirect), ...ownerErrors },
      },
    },
    async (request, reply) => {
      const session = await readSession(identity, request, reply);
      return { data: await payments.testCancel(session, request.params.sessionId) };
    },
  );
};
