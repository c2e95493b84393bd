import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminGuestCode,
  AdminSubscriptionRow,
  AdminUserAction,
  CreateGuestCodeRequest,
  ErrorBody,
  dataEnvelope,
} from '@si/contracts';
import { admin, refusals, type ConsoleRouteOptions } from './console-route-parts.ts';

const GuestCodeParams = z.object({ code: z.string().min(1).max(64) });

/** The console's billing: every subscription, and the guest codes. */
export const billingRoutes: FastifyPluginAsyncZod<ConsoleRouteOptions> = async (
  app,
  { operators, actor },
) => {
  app.get(
    '/admin/subscriptions',
    {
      schema: {
        ...admin,
        summary: "Every organization's subscriptions: plan, amount, provider, status and dates",
        response: { 200: dataEnvelope(z.array(AdminSubscriptionRow)), ...refusals },
      },
    },
    async () => ({ data: await operators.subscriptions() }),
  );

  app.get(
    '/admin/guest-codes',
    {
      schema: {
        ...admin,
        summary: 'Guest codes with their uses and state',
        response: { 200: dataEnvelope(z.array(AdminGuestCode)), ...refusals },
      },
    },
    async () => ({ data: await operators.guestCodes() }),
  );

  app.post(
    '/admin/guest-codes',
    {
      schema: {
        ...admin,
        summary: 'Create a guest code: N organizations, M months each, until its last day',
        body: CreateGuestCodeRequest,
        response: {
          201: dataEnvelope(z.array(AdminGuestCode)),
          400: ErrorBody,
          409: ErrorBody,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      await operators.createGuestCode(actor(request), request.body);
      return reply.code(201).send({ data: await operators.guestCodes() });
    },
  );

  app.post(
    '/admin/guest-codes/:code/disable',
    {
      schema: {
        ...admin,
        summary: 'Stop a guest code; subscriptions it already granted run their term',
        params: GuestCodeParams,
        body: AdminUserAction,
        response: {
          200: dataEnvelope(z.array(AdminGuestCode)),
          400: ErrorBody,
          404: ErrorBody,
          ...refusals,
        },
      },
    },
    async (request) => {
      await operators.disableGuestCode(actor(request), request.params.code, request.body.reason);
      return { data: await operators.guestCodes() };
    },
  );
};
