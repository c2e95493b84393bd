import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminEmail, AdminEmailQuery, AdminList, ErrorBody } from '@si/contracts';
import { admin, page, refusals, type ConsoleRouteOptions } from './console-route-parts.ts';

const EmailParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** The console's outbox: recent or failed emails, and one sent again. */
export const emailRoutes: FastifyPluginAsyncZod<ConsoleRouteOptions> = async (
  app,
  { operators, actor },
) => {
  app.get(
    '/admin/emails',
    {
      schema: {
        ...admin,
        summary: "The outbox's recent emails, or its failed ones, newest first",
        querystring: AdminEmailQuery,
        response: { 200: AdminList(AdminEmail), 400: ErrorBody, ...refusals },
      },
    },
    async (request) => {
      const { rows, total } = await operators.emails(request.query);
      return { data: rows, meta: page(request.query, total) };
    },
  );

  app.post(
    '/admin/emails/:id/resend',
    {
      schema: {
        ...admin,
        summary:
          'Send an email again: a failed one afresh, a sent one as a copy while its text is kept',
        params: EmailParams,
        response: { 204: z.null(), 404: ErrorBody, 409: ErrorBody, ...refusals },
      },
    },
    async (request, reply) => {
      await operators.resendEmail(actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
