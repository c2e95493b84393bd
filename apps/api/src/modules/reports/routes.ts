import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreateReportRequest, CreateReportResult, ErrorBody, dataEnvelope } from '@si/contracts';
import type { ReportService } from './service.ts';

const OrganizationParams = z.object({ id: z.string().max(100) });
const RoleParams = z.object({ id: z.string().max(100), roleId: z.string().max(100) });

/** A visitor's report of a public profile (ADR 029). */
export const reportRoutes: FastifyPluginAsyncZod<{
  reports: ReportService;
}> = async (app, { reports }) => {
  app.post(
    '/organizations/:id/reports',
    {
      schema: {
        tags: ['reports'],
        summary: 'Report a published profile to the operators (anyone, signed in or not)',
        description:
          'The answer is the same whether the report is new or repeats an open report of the same reporter, and the owner is never told who reported. An organization that is not published answers 404, as GET /api/organizations/{id} does. Limited per client address and per profile (429).',
        params: OrganizationParams,
        body: CreateReportRequest,
        response: {
          200: dataEnvelope(CreateReportResult),
          400: ErrorBody,
          404: ErrorBody,
          429: ErrorBody,
        },
      },
      config: { access: 'visitor' },
    },
    async (request) => {
      const session = await request.visitor();
      const reporter = { userId: session?.user.id ?? null, ip: request.ip };
      return { data: await reports.report(reporter, request.params.id, request.body) };
    },
  );

  app.post(
    '/organizations/:id/roles/:roleId/reports',
    {
      schema: {
        tags: ['reports'],
        summary: 'Report an open role to the operators (anyone, signed in or not)',
        description:
          'As a report of the profile: the same answer for a new report and a repeat, the owner never told who reported. A role that is not open, or of an organization that is not published, answers as GET /api/organizations/{id}/roles/{roleId} answers a visitor (404, or 410 ROLE_CLOSED). Limited per client address and per organization, together with reports of the profile (429).',
        params: RoleParams,
        body: CreateReportRequest,
        response: {
          200: dataEnvelope(CreateReportResult),
          400: ErrorBody,
          404: ErrorBody,
          410: ErrorBody,
          429: ErrorBody,
        },
      },
      config: { access: 'visitor' },
    },
    async (request) => {
      const session = await request.visitor();
      const reporter = { userId: session?.user.id ?? null, ip: request.ip };
      const { id, roleId } = request.params;
      return { data: await reports.reportRole(reporter, id, roleId, request.body) };
    },
  );
};
