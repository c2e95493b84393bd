import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApplyGuestCodeRequest,
  ChangePlanRequest,
  CheckoutSession,
  CreateCheckoutSessionRequest,
  ErrorBody,
  Invoice,
  InvoiceListQuery,
  PaymentSessionStatus,
  PlanChangePreview,
  PlanPreviewQuery,
  Redirect,
  Subscription,
  TestCheckout,
  dataEnvelope,
} from '@si/contracts';
import { sessionRequired } from '../../http/openapi.ts';
import type { Identity } from '../../identity/better-auth.ts';
import { readSession } from '../../identity/session.ts';
import type { PaymentService } from './service.ts';

const OrganizationParams = z.object({ organizationId: z.string().max(100) });
const SessionParams = z.object({ sessionId: z.string().min(1).max(200) });
const ownerErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['payments'];

/**
 * The docs/product.md#the-api payment calls, and the owner's management of a subscription. Every one
 * is for the organization's owner only (the organizations' access rules); the service decides.
 */
export const paymentRoutes: FastifyPluginAsyncZod<{
  payments: PaymentService;
  identity: Identity;
}> = async (app, { payments, identity }) => {
  app.post(
    '/payments/create-checkout-session',
    {
      schema: {
        tags,
        summary: 'Start a checkout for an organization on the monthly or annual plan',
        description:
          "url is where to send the owner: the payment provider's hosted checkout, or the built-in test checkout when no provider is configured. An organization with a live subscription answers 409 ALREADY_SUBSCRIBED.",
        security: sessionRequired,
        body: CreateCheckoutSessionRequest,
        response: {
          200: dataEnvelope(CheckoutSession),
          ...ownerErrors,
          409: ErrorBody,
          502: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const session = await readSession(identity, request, reply);
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
        security: sessionRequired,
        params: SessionParams,
        response: { 200: dataEnvelope(PaymentSessionStatus), ...ownerErrors, 502: ErrorBody },
      },
    },
    async (request, reply) => {
      const session = await readSession(identity, request, reply);
      return { data: await payments.sessionStatus(session, request.params.sessionId) };
    },
  );

  app.get(
    '/payments/subscription/:organizationId',
    {
      schema: {
        tags,
        summary: "The organization's current subscription, or null (owner only)",
        security: sessionRequired,
        params: OrganizationParams,
        response: { 200: dataEnvelope(Subscription.nullable()), ...ownerErrors },
      },
    },
    async (request, reply) => {
      const session = await readSession(identity, request, reply);
      return { data: await payments.subscriptionFor(session, request.params.organizationId) };
    },
  );

  app.get(
    '/payments/subscriptions',
    {
      schema: {
        tags,
        summary: "The caller's subscriptions: the current one of each organization they own",
        security: sessionRequired,
        response: { 200: dataEnvelope(z.array(Subscription)), 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      const session = await readSession(identity, request, reply);
      return { data: await payments.mySubscriptions(session) };
    },
  );

  app.get(
    '/payments/invoices',
    {
      schema: {
        tags,
        summary: "The caller's past invoices: each payment of the organizations they own",
        description:
          "Newest first: amount (in the currency's smallest unit), currency, when it was paid, the period it paid for, the provider's invoice number and a link to its hosted invoice or receipt (null for the built-in test checkout, which takes no money). With organizationId, that organization's only; another owner's answers 403 or 404 as the other owner-only routes do.",
        security: sessionRequired,
        querystring: InvoiceListQuery,
        response: { 200: dataEnvelope(z.array(Invoice)), ...ownerErrors },
      },
    },
    async (request, reply) => {
      const session = await readSession(identity, request, reply);
      return { data: await payments.invoices(session, request.query.organizationId) };
    },
  );

  app.post(
    '/payments/apply-guest-code',
    {
      schema: {
        tags,
        summary: 'Publish an organization with a guest code for the grant it gives',
        description:
          'Codes are compared case-insensitively. An unknown, used-up, expired or disabled code answers 400 INVALID_GUEST_CODE with a message for people; repeated attempts from one user are limited.',
        security: sessionRequired,
        body: ApplyGuestCodeRequest,
        response: {
          200: dataEnvelope(Subscription),
          ...ownerErrors,
          409: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const session = await readSession(identity, request, reply);
      return { data: await payments.applyGuestCode(session, request.body) };
    },
  );

  const manage = (action: 'cancel' | 'resume', summary: string) =>
    app.post(
      `/payments/subscriptions/:organizationId/${action}`,
      {
        schema: {
          tags,
          summary,
          security: sessionRequired,
          params: OrganizationParams,
          response: {
            200: dataEnvelope(Subscription),
            ...ownerErrors,
            409: ErrorBody,
            502: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const session = await readSession(identity, request, reply);
        return { data: await payments[action](session, request.params.organizationId) };
      },
    );
  manage('cancel', 'Stop renewal: the profile stays published until the paid period ends');
  manage('resume', 'Renew again a canceled subscription that has not ended yet');

  const switchRefusals =
    'A subscription already on that plan, or one that is not active and renewing (canceled, past due, ended, a guest grant, or held back from the directory) answers 409 SUBSCRIPTION_STATE with the reason; so does a declined card, and then nothing changed.';
  app.get(
    '/payments/subscriptions/:organizationId/plan-preview',
    {
      schema: {
        tags,
        summary: 'What switching to the other plan would charge now and at the next renewal',
        description: `The provider's own figures (Stripe's upcoming invoice preview): the new plan's price less the unused part of the current period, charged now; unused time worth more is kept as credit; the new period starts now. Changes nothing. ${switchRefusals}`,
        security: sessionRequired,
        params: OrganizationParams,
        querystring: PlanPreviewQuery,
        response: {
          200: dataEnvelope(PlanChangePreview),
          ...ownerErrors,
          409: ErrorBody,
          502: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const session = await readSession(identity, request, reply);
      const { organizationId } = request.params;
      return {
        data: await payments.previewPlanChange(session, organizationId, request.query.plan),
      };
    },
  );

  app.post(
    '/payments/subscriptions/:organizationId/change-plan',
    {
      schema: {
        tags,
        summary: 'Switch a live subscription to the other plan (monthly or annual), with proration',
        description: `Charges what the preview said and answers the subscription as the provider now reports it (the new plan, its period starting now). ${switchRefusals}`,
        security: sessionRequired,
        params: OrganizationParams,
        body: ChangePlanRequest,
        response: {
          200: dataEnvelope(Subscription),
          ...ownerErrors,
          409: ErrorBody,
          502: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const session = await readSession(identity, request, reply);
      const { organizationId } = request.params;
      return { data: await payments.changePlan(session, organizationId, request.body.plan) };
    },
  );

  app.post(
    '/payments/subscriptions/:organizationId/billing-portal',
    {
      schema: {
        tags,
        summary: "Open the payment provider's billing portal (cards, cancel, resume)",
        description: 'Only with a payment provider configured; otherwise 409.',
        security: sessionRequired,
        params: OrganizationParams,
        response: { 200: dataEnvelope(Redirect), ...ownerErrors, 409: ErrorBody, 502: ErrorBody },
      },
    },
    async (request, reply) => {
      const session = await readSession(identity, request, reply);
      return { data: await payments.billingPortal(session, request.params.organizationId) };
    },
  );

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
