import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminList,
  AdminReport,
  AdminReportQuery,
  ErrorBody,
  ResolveReportRequest,
} from '@si/contracts';
import { admin, page, refusals, type ConsoleRouteOptions } from './console-route-parts.ts';

const ReportParams = z.object({ id: z.uuid() });

/** The console's reports queue (ADR 029). */
export const reportRoutes: FastifyPluginAsyncZod<ConsoleRouteOptions> = async (
  app,
  { operators, actor },
) => {
  app.get(
    '/admin/reports',
    {
      schema: {
        ...admin,
        summary: 'Reports from visitors: the open queue oldest first, or the resolved ones',
        querystring: AdminReportQuery,
        response: { 200: AdminList(AdminReport), 400: ErrorBody, ...refusals },
      },
    },
    async (request) => {
      const { rows, total } = await operators.reports(request.query);
      return { data: rows, meta: page(request.query, total) };
    },
  );

  app.post(
    '/admin/reports/:id/resolve',
    {
      schema: {
        ...admin,
        summary:
          "Resolve a report (and the profile's other open ones): dismiss, hold the profile or delete it",
        params: ReportParams,
        body: ResolveReportRequest,
        response: { 204: z.null(), 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...refusals },
      },
    },
    async (request, reply) => {
      await operators.resolveReport(actor(request), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );
};
