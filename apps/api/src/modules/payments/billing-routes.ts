import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, Invoice, InvoiceListQuery, Subscription, dataEnvelope } from '@si/contracts';
import { sessionRequired } from '../../http/openapi.ts';
import { readSession } from '../../identity/session.ts';
import {
  OrganizationParams,
  ownerErrors,
  tags,
  type PaymentRouteOptions,
} from './route-schemas.ts';

/** What an owner reads of their billing: subscriptions and past invoices. */
export const billingRoutes: FastifyPluginAsyncZod<PaymentRouteOptions> = async (
  app,
  { payments, identity },
) => {
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
};
