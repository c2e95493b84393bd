import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, Invoice, InvoiceListQuery, Subscription, dataEnvelope } from '@si/contracts';
import {
  OrganizationParams,
  ownerErrors,
  tags,
  type PaymentRouteOptions,
} from './route-schemas.ts';
import { organizationEditors } from '../organizations/editors.ts';

/** What an owner reads of their billing: subscriptions and past invoices. */
export const billingRoutes: FastifyPluginAsyncZod<PaymentRouteOptions> = async (
  app,
  { payments },
) => {
  app.get(
    '/payments/subscription/:organizationId',
    {
      schema: {
        tags,
        summary: "The organization's current subscription, or null (owner only)",
        params: OrganizationParams,
        response: { 200: dataEnvelope(Subscription.nullable()), ...ownerErrors },
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request) => {
      const session = request.caller;
      return { data: await payments.subscriptionFor(session, request.params.organizationId) };
    },
  );

  app.get(
    '/payments/subscriptions',
    {
      schema: {
        tags,
        summary: "The caller's subscriptions: the current one of each organization they own",
        response: { 200: dataEnvelope(z.array(Subscription)), 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request) => {
      const session = request.caller;
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
        querystring: InvoiceListQuery,
        response: { 200: dataEnvelope(z.array(Invoice)), ...ownerErrors },
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request) => {
      const session = request.caller;
      return { data: await payments.invoices(session, request.query.organizationId) };
    },
  );
};
