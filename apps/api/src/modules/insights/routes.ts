import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, Insights, InsightsQuery, RoleInsight, dataEnvelope } from '@si/contracts';
import { oneClickUnsubscribeRoutes } from '../../http/one-click-unsubscribe.ts';
import type { InsightsService } from './service.ts';

const Params = z.object({ id: z.string().max(100) });
const MonthlyEmail = z.strictObject({ on: z.boolean() });
const refusals = { 400: ErrorBody, 404: ErrorBody };

/** An owner's insights (and an operator's view of anyone's): 404 to everyone else. */
export const insightsRoutes: FastifyPluginAsyncZod<{
  insights: InsightsService;
}> = async (app, { insights }) => {
  const tags = ['insights'];

  app.get(
    '/organizations/:id/insights',
    {
      schema: {
        tags,
        summary:
          "An organization's views, impressions, clicks, shares and embeds by day (owner only)",
        description:
          'People only in daily and totals; known bots and link previewers apart in bots. previous: the same number of days before. 404 to anyone but the owner and operators.',
        params: Params,
        querystring: InsightsQuery,
        response: { 200: dataEnvelope(Insights), ...refusals },
      },
      config: { access: 'owner' },
    },
    async (request) => ({
      data: await insights.read(request.caller, request.params.id, request.query.days),
    }),
  );

  app.get(
    '/organizations/:id/insights/roles',
    {
      schema: {
        tags,
        summary: "Each role's page views and Apply clicks since it was posted (owner only)",
        description:
          'People only; roles with nothing counted yet are left out. 404 to anyone but the owner and operators.',
        params: Params,
        response: { 200: dataEnvelope(z.array(RoleInsight)), ...refusals },
      },
      config: { access: 'owner' },
    },
    async (request) => ({
      data: await insights.readRoles(request.caller, request.params.id),
    }),
  );

  app.get(
    '/organizations/:id/insights.csv',
    {
      schema: {
        tags,
        summary: 'The daily counts as CSV, people and bots on their own rows (owner only)',
        params: Params,
        querystring: InsightsQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV with a header row'), ...refusals },
      },
      config: { access: 'owner' },
    },
    async (request, reply) => {
      const csv = await insights.csv(request.caller, request.params.id, request.query.days);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="insights-${request.params.id}-${request.query.days}-days.csv"`,
        )
        .send(csv);
    },
  );

  await app.register(oneClickUnsubscribeRoutes, {
    list: 'insights',
    path: '/insights/unsubscribe',
    tags,
    params: ['organization'],
    what: 'the monthly insights email',
    unsubscribe: async (link) =>
      (await insights.unsubscribe(link.organization ?? '', link.token ?? '')) ? 'done' : 'invalid',
  });

  app.put(
    '/organizations/:id/insights/monthly-email',
    {
      schema: {
        tags,
        summary: 'Turn the monthly insights email on or off (owner only)',
        params: Params,
        body: MonthlyEmail,
        response: { 200: dataEnvelope(MonthlyEmail), ...refusals },
      },
      config: { access: 'owner' },
    },
    async (request) => {
      await insights.setMonthlyEmail(request.caller, request.params.id, request.body.on);
      return { data: { on: request.body.on } };
    },
  );
};
