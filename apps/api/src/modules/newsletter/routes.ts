import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  NewsletterConfirmRequest,
  NewsletterConfirmResult,
  NewsletterRequest,
  NewsletterResult,
  dataEnvelope,
} from '@si/contracts';
import { oneClickUnsubscribeRoutes } from '../../http/one-click-unsubscribe.ts';
import type { RouteRateLimit } from '../../adapters/rate-limit/route-limits.ts';
import type { NewsletterService } from './service.ts';

export const newsletterRoutes: FastifyPluginAsyncZod<{
  newsletter: NewsletterService;
  rateLimit: RouteRateLimit | undefined;
}> = async (app, { newsletter, rateLimit }) => {
  const tags = ['newsletter'];

  app.post(
    '/newsletter',
    {
      schema: {
        tags,
        summary: 'Ask for the newsletter: the address is emailed a link to confirm (double opt-in)',
        description:
          'The same answer whether the address is new, waiting for its confirmation or subscribed already.',
        body: NewsletterRequest,
        response: { 200: dataEnvelope(NewsletterResult), 400: ErrorBody, 429: ErrorBody },
      },
      config: { access: 'public', ...(rateLimit ? { rateLimit } : {}) },
    },
    async (request) => {
      await newsletter.subscribe(request.body.email);
      return { data: { confirmationRequested: true as const } };
    },
  );

  app.post(
    '/newsletter/confirm',
    {
      schema: {
        tags,
        summary: "Confirm an address with its emailed link's token",
        description:
          '404 NEWSLETTER_LINK_INVALID for a token never issued or used already; 410 NEWSLETTER_LINK_EXPIRED after 7 days. Neither changes anything.',
        body: NewsletterConfirmRequest,
        response: {
          200: dataEnvelope(NewsletterConfirmResult),
          400: ErrorBody,
          404: ErrorBody,
          410: ErrorBody,
        },
      },
      config: { access: 'public' },
    },
    async (request) => {
      await newsletter.confirm(request.body.token);
      return { data: { confirmed: true as const } };
    },
  );

  await app.register(oneClickUnsubscribeRoutes, {
    list: 'newsletter',
    path: '/newsletter/unsubscribe',
    tags,
    params: ['subscriber'],
    what: 'the newsletter',
    unsubscribe: (link) => newsletter.unsubscribe(link.subscriber ?? '', link.token ?? ''),
  });
};
