import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangePlanRequest,
  ErrorBody,
  PlanChangePreview,
  PlanPreviewQuery,
  Redirect,
  Subscription,
  dataEnvelope,
} from '@si/contracts';
import {
  OrganizationParams,
  ownerErrors,
  tags,
  type PaymentRouteOptions,
} from './route-schemas.ts';
import { organizationEditors } from '../organizations/editors.ts';

/** The owner's management of a live subscription: cancel, resume, switch plans, the portal. */
export const subscriptionRoutes: FastifyPluginAsyncZod<PaymentRouteOptions> = async (
  app,
  { payments },
) => {
  const manage = (action: 'cancel' | 'resume', summary: string) =>
    app.post(
      `/payments/subscriptions/:organizationId/${action}`,
      {
        schema: {
          tags,
          summary,
          params: OrganizationParams,
          response: {
            200: dataEnvelope(Subscription),
            ...ownerErrors,
            409: ErrorBody,
            502: ErrorBody,
          },
        },
        config: { access: { signedIn: organizationEditors } },
      },
      async (request) => {
        const session = request.caller;
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
        params: OrganizationParams,
        querystring: PlanPreviewQuery,
        response: {
          200: dataEnvelope(PlanChangePreview),
          ...ownerErrors,
          409: ErrorBody,
          502: ErrorBody,
        },
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request) => {
      const session = request.caller;
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
        params: OrganizationParams,
        body: ChangePlanRequest,
        response: {
          200: dataEnvelope(Subscription),
          ...ownerErrors,
          409: ErrorBody,
          502: ErrorBody,
        },
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request) => {
      const session = request.caller;
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
        params: OrganizationParams,
        response: { 200: dataEnvelope(Redirect), ...ownerErrors, 409: ErrorBody, 502: ErrorBody },
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request) => {
      const session = request.caller;
      return { data: await payments.billingPortal(session, request.params.organizationId) };
    },
  );
};
