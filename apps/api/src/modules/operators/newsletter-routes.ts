import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminList,
  AdminNewsletter,
  AdminNewsletterLine,
  AdminNewsletterQuery,
  AdminNewsletterSubscriber,
  ErrorBody,
  dataEnvelope,
} from '@si/contracts';
import { admin, page, refusals, type ConsoleRouteOptions } from './console-route-parts.ts';
import { registerDigestRoutes } from './newsletter-digest-routes.ts';

/** The console's newsletter (ADR 033): counts, the digest's line, the addresses, the digest. */
export const newsletterRoutes: FastifyPluginAsyncZod<ConsoleRouteOptions> = async (
  app,
  { operators, actor },
) => {
  app.get(
    '/admin/newsletter',
    {
      schema: {
        ...admin,
        summary:
          "The newsletter: confirmed and pending addresses, the digest's line, the last send",
        response: { 200: dataEnvelope(AdminNewsletter), ...refusals },
      },
    },
    async () => ({ data: await operators.newsletter.overview() }),
  );

  app.put(
    '/admin/newsletter/line',
    {
      schema: {
        ...admin,
        summary: 'Set the line at the top of the monthly digest (empty: none); audited',
        body: AdminNewsletterLine,
        response: { 200: dataEnvelope(AdminNewsletterLine), 400: ErrorBody, ...refusals },
      },
    },
    async (request) => ({
      data: await operators.newsletter.setLine(actor(request), request.body.line),
    }),
  );

  app.get(
    '/admin/newsletter/subscribers',
    {
      schema: {
        ...admin,
        summary: 'Newsletter addresses, confirmed and pending, newest first, searched by email',
        querystring: AdminNewsletterQuery,
        response: { 200: AdminList(AdminNewsletterSubscriber), 400: ErrorBody, ...refusals },
      },
    },
    async (request) => {
      const { rows, total } = await operators.newsletter.subscribers(request.query);
      return { data: rows, meta: page(request.query, total) };
    },
  );

  app.delete(
    '/admin/newsletter/subscribers/:id',
    {
      schema: {
        ...admin,
        summary: 'Remove a newsletter address with its emails; audited',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), 400: ErrorBody, 404: ErrorBody, ...refusals },
      },
    },
    async (request, reply) => {
      await operators.newsletter.remove(actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/newsletter/subscribers.csv',
    {
      schema: {
        ...admin,
        summary:
          'The confirmed newsletter subscribers as CSV (email, subscribed_at, confirmed_at); the export is audited',
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV with a header row'), ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"')
        .send(await operators.newsletter.csv(actor(request))),
  );
  registerDigestRoutes(app, { newsletter: operators.newsletter, actor, admin });
};
