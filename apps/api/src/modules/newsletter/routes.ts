import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, NewsletterRequest, NewsletterResult, dataEnvelope } from '@si/contracts';
import { publicAccess } from '../../http/openapi.ts';
import type { RouteRateLimit } from '../../adapters/rate-limit/route-limits.ts';
import type { NewsletterRepository } from './repository.ts';

export const newsletterRoutes: FastifyPluginAsyncZod<{
  newsletter: NewsletterRepository;
  rateLimit: RouteRateLimit | undefined;
}> = async (app, { newsletter, rateLimit }) => {
  app.post(
    '/newsletter',
    {
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an email address to the newsletter (idempotent)',
        security: publicAccess,
        body: NewsletterRequest,
        response: { 200: dataEnvelope(NewsletterResult), 400: ErrorBody, 429: ErrorBody },
      },
      ...(rateLimit ? { config: { rateLimit } } : {}),
    },
    async (request) => {
      // Whether the address was already there is not revealed: the answer is the same.
      await newsletter.subscribe(request.body.email);
      return { data: { subscribed: true as const } };
    },
  );
};
