import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreatedWebhookEndpoint,
  ErrorBody,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointChanges,
  WebhookEndpointId,
  WebhookEndpointInput,
  dataEnvelope,
} from '@si/contracts';
import type { WebhookService } from './service.ts';

const admin = { tags: ['admin'] };
const refusals = { 401: ErrorBody, 403: ErrorBody };
const Params = z.object({ id: WebhookEndpointId });
const DeliveryParams = z.object({
  id: WebhookEndpointId,
  deliveryId: z.coerce.number().int().min(1),
});

/**
 * The console's webhooks, /api/admin/webhooks (ADR 056): operators only, every change audited.
 * A new endpoint's answer is the only one that holds its secret.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ webhooks: WebhookService }> = async (
  app,
  { webhooks },
) => {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: 'operator' };
  });

  app.get(
    '/admin/webhooks',
    {
      schema: {
        ...admin,
        summary: 'The partners’ webhook endpoints, newest first',
        response: { 200: dataEnvelope(z.array(WebhookEndpoint)), ...refusals },
      },
    },
    async () => ({ data: await webhooks.list() }),
  );

  app.post(
    '/admin/webhooks',
    {
      schema: {
        ...admin,
        summary: 'Register an endpoint: its signing secret is answered this once',
        body: WebhookEndpointInput,
        response: { 201: dataEnvelope(CreatedWebhookEndpoint), 400: ErrorBody, ...refusals },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { data: await webhooks.register(request.operator!, request.body) };
    },
  );

  app.patch(
    '/admin/webhooks/:id',
    {
      schema: {
        ...admin,
        summary: 'Change an endpoint’s events, or turn it on or off',
        params: Params,
        body: WebhookEndpointChanges,
        response: {
          200: dataEnvelope(WebhookEndpoint),
          400: ErrorBody,
          404: ErrorBody,
          ...refusals,
        },
      },
    },
    async (request) => ({
      data: await webhooks.change(request.operator!, request.params.id, request.body),
    }),
  );

  app.delete(
    '/admin/webhooks/:id',
    {
      schema: {
        ...admin,
        summary: 'Delete an endpoint and its deliveries',
        params: Params,
        response: { 204: z.null(), 400: ErrorBody, 404: ErrorBody, ...refusals },
      },
    },
    async (request, reply) => {
      await webhooks.remove(request.operator!, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/webhooks/:id/deliveries',
    {
      schema: {
        ...admin,
        summary: 'An endpoint and its latest deliveries: status, attempts, the answer’s code',
        params: Params,
        response: {
          200: dataEnvelope(
            z.object({ endpoint: WebhookEndpoint, deliveries: z.array(WebhookDelivery) }),
          ),
          400: ErrorBody,
          404: ErrorBody,
          ...refusals,
        },
      },
    },
    async (request) => ({ data: await webhooks.deliveries(request.params.id) }),
  );

  app.post(
    '/admin/webhooks/:id/deliveries/:deliveryId/resend',
    {
      schema: {
        ...admin,
        summary: 'Send a delivery again, with its event’s id',
        params: DeliveryParams,
        response: { 204: z.null(), 400: ErrorBody, 404: ErrorBody, ...refusals },
      },
    },
    async (request, reply) => {
      await webhooks.resend(request.operator!, request.params.id, request.params.deliveryId);
      return reply.code(204).send(null);
    },
  );
};
