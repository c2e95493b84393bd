import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConfirmVerificationRequest,
  ErrorBody,
  OrganizationVerification,
  SendVerificationCodeRequest,
  VerificationCodeSent,
  dataEnvelope,
} from '@si/contracts';
import { organizationEditors } from '../organizations/editors.ts';
import type { VerificationService } from './service.ts';

const Params = z.object({ id: z.string().max(100) });
const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** The owner proves the website's domain: a code sent there, then entered (ADR 032). */
export const verificationRoutes: FastifyPluginAsyncZod<{
  verification: VerificationService;
}> = async (app, { verification }) => {
  const tags = ['organizations'];

  app.post(
    '/organizations/:id/verification/code',
    {
      schema: {
        tags,
        summary: 'Email a code to an address on the saved website’s domain (owner only)',
        description:
          'The address is localPart@ the domain of the saved website (without www.); free email providers are refused. A new code replaces the open one; at most 5 codes an hour per account and per domain (429).',
        params: Params,
        body: SendVerificationCodeRequest,
        response: { 200: dataEnvelope(VerificationCodeSent), ...refusals, 429: ErrorBody },
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request) => ({
      data: await verification.sendCode(request.caller, request.params.id, request.body),
    }),
  );

  app.post(
    '/organizations/:id/verification',
    {
      schema: {
        tags,
        summary: 'Enter the code: the profile gets the Verified badge for the domain (owner only)',
        description:
          'A wrong code is 400 on `code` with the attempts left; after 5, or 30 minutes after it was sent, the code is closed (409) and a new one must be sent.',
        params: Params,
        body: ConfirmVerificationRequest,
        response: { 200: dataEnvelope(OrganizationVerification), ...refusals },
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request) => ({
      data: await verification.confirm(request.caller, request.params.id, request.body),
    }),
  );
};
