import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApplyGuestCodeRequest, ErrorBody, Subscription, dataEnvelope } from '@si/contracts';
import { ownerErrors, tags, type PaymentRouteOptions } from './route-schemas.ts';
import { organizationEditors } from '../organizations/editors.ts';

/** Publishing an organization with a guest code. */
export const guestCodeRoutes: FastifyPluginAsyncZod<PaymentRouteOptions> = async (
  app,
  { payments },
) => {
  app.post(
    '/payments/apply-guest-code',
    {
      schema: {
        tags,
        summary: 'Publish an organization with a guest code for the grant it gives',
        description:
          'Codes are compared case-insensitively. An unknown, used-up, expired or disabled code answers 400 INVALID_GUEST_CODE with a message for people; repeated attempts from one user are limited.',
        body: ApplyGuestCodeRequest,
        response: {
          200: dataEnvelope(Subscription),
          ...ownerErrors,
          409: ErrorBody,
          429: ErrorBody,
        },
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request) => {
      const session = request.caller;
      return { data: await payments.applyGuestCode(session, request.body) };
    },
  );
};
