import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApplyGuestCodeRequest, ErrorBody, Subscription, dataEnvelope } from '@si/contracts';
import { sessionRequired } from '../../http/openapi.ts';
import { readSession } from '../../identity/session.ts';
import { ownerErrors, tags, type PaymentRouteOptions } from './route-schemas.ts';

/** Publishing an organization with a guest code. */
export const guestCodeRoutes: FastifyPluginAsyncZod<PaymentRouteOptions> = async (
  app,
  { payments, identity },
) => {
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
};
