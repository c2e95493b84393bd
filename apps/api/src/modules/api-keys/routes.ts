import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_KEYS_PER_USER,
  API_KEY_USAGE_DAYS,
  ApiKey,
  ApiKeyUsageDay,
  CreateApiKeyRequest,
  CreatedApiKey,
  ErrorBody,
  apiKeyTexts,
  dataEnvelope,
} from '@si/contracts';
import type { CallerRefusals } from '../../identity/caller-checks.ts';
import type { ApiKeyService } from './service.ts';

/** Keys are for permanent, verified accounts: a guest's or an unconfirmed address's would lapse. */
const keyHolders = {
  guest: apiKeyTexts.guestRefused,
  unverified: apiKeyTexts.unverifiedRefused,
} as const satisfies CallerRefusals;

const KeyParams = z.object({ id: z.string().max(100) });
const refusals = { 401: ErrorBody, 403: ErrorBody };

/** The signed-in user's API keys (ADR 055). */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ keys: ApiKeyService }> = async (
  app,
  { keys },
) => {
  const tags = ['api-keys'];
  const access = { signedIn: keyHolders };

  app.get(
    '/users/me/api-keys',
    {
      config: { access },
      schema: {
        tags,
        summary: "The account's API keys, newest first (never their secrets)",
        response: { 200: dataEnvelope(z.array(ApiKey)), ...refusals },
      },
    },
    async (request) => ({ data: await keys.list(request.caller!) }),
  );

  app.post(
    '/users/me/api-keys',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Create an API key: its secret is in this answer and never again',
        description: `At most ${API_KEYS_PER_USER} keys per account: one more is 409 TOO_MANY_API_KEYS. Only the secret's SHA-256 is stored.`,
        body: CreateApiKeyRequest,
        response: { 201: dataEnvelope(CreatedApiKey), ...refusals, 409: ErrorBody },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await keys.create(request.caller!, request.body) }),
  );

  app.delete(
    '/users/me/api-keys/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Revoke an API key: requests that send it are refused from then on',
        params: KeyParams,
        response: {
          200: dataEnvelope(z.object({ revoked: z.literal(true) })),
          ...refusals,
          404: ErrorBody,
        },
      },
    },
    async (request) => {
      await keys.revoke(request.caller!, request.params.id);
      return { data: { revoked: true as const } };
    },
  );

  app.get(
    '/users/me/api-keys/usage',
    {
      config: { access },
      schema: {
        tags,
        summary: `Requests per live key per day (UTC), the last ${API_KEY_USAGE_DAYS} days, newest first`,
        description: 'Days without a request are left out.',
        response: { 200: dataEnvelope(z.array(ApiKeyUsageDay)), ...refusals },
      },
    },
    async (request) => ({ data: await keys.usage(request.caller!) }),
  );
};
