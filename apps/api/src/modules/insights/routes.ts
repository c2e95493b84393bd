import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, Insights, InsightsQuery, dataEnvelope, insightsTexts } from '@si/contracts';
import { notFound } from '../../http/errors.ts';
import { publicAccess, sessionRequired } from '../../http/openapi.ts';
import type { Identity } from '../../identity/better-auth.ts';
import { readSession } from '../../identity/session.ts';
import type { InsightsService } from './service.ts';

const Params = z.object({ id: z.string().max(100) });
const MonthlyEmail = z.strictObject({ on: z.boolean() });
const refusals = { 400: ErrorBody, 404: ErrorBody };
/** The page an unsubscribe link ends on (the web app's). */
const UNSUBSCRIBED_PAGE = '/unsubscribed?list=insights';

/** An owner's insights (and an operator's view of anyone's): 404 to everyone else. */
export const insightsRoutes: FastifyPluginAsyncZod<{
  insights: InsightsService;
  identity: Identity;
}> = async (app, { insights, identity }) => {
  const tags = ['insights'];

  app.get(
    '/organizations/:id/insights',
    {
      schema: {
        tags,
        summary: "An organization's views, impressions, clicks and shares by day (owner only)",
        description:
          'People only in daily and totals; known bots and link previewers apart in bots. previous: the same number of days before. 404 to anyone but the owner and operators.',
        security: sessionRequired,
        params: Params,
        querystring: InsightsQuery,
        response: { 200: dataEnvelope(Insights), ...refusals },
      },
    },
    async (request, reply) => ({
      data: await insights.read(
        await readSession(identity, request, reply),
        request.params.id,
        request.query.days,
      ),
    }),
  );

  app.get(
    '/organizations/:id/insights.csv',
    {
      schema: {
        tags,
        summary: 'The daily counts as CSV, people and bots on their own rows (owner only)',
        security: sessionRequired,
        params: Params,
        querystring: InsightsQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV with a header row'), ...refusals },
      },
    },
    async (request, reply) => {
      const csv = await insights.csv(
        await readSession(identity, request, reply),
        request.params.id,
        request.query.days,
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="insights-${request.params.id}-${request.query.days}-days.csv"`,
        )
        .send(csv);
    },
  );

  const Unsubscribe = z.object({
    organization: z.string().max(100).default(''),
    token: z.string().max(200).default(''),
  });

  app.get(
    '/insights/unsubscribe',
    {
      schema: {
        tags,
        // A link in an email, not a call: it answers with a redirect to a page.
        hide: true,
        summary: "The monthly email's unsubscribe link: stops it, then shows the result page",
        description: 'No sign-in: the token proves the link. Redirects to /unsubscribed.',
        security: publicAccess,
        querystring: Unsubscribe,
        response: { 303: z.null() },
      },
    },
    async (request, reply) => {
      const { organization, token } = request.query;
      const done = await insights.unsubscribe(organization, token);
      return reply
        .header('cache-control', 'no-store')
        .redirect(done ? UNSUBSCRIBED_PAGE : `${UNSUBSCRIBED_PAGE}&error=invalid`, 303);
    },
  );

  // A mail client's one-click unsubscribe (RFC 8058): a form POST from the provider's servers,
  // with no Origin of ours and no session; the token in the address is the proof.
  await app.register(async (plain) => {
    const oneClick = plain.withTypeProvider<ZodTypeProvider>();
    oneClick.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    oneClick.post(
      '/insights/unsubscribe',
      {
        config: { crossSiteExempt: true },
        schema: {
          tags,
          summary: 'One-click unsubscribe from the monthly email (RFC 8058 List-Unsubscribe-Post)',
          security: publicAccess,
          querystring: Unsubscribe,
          response: {
            200: dataEnvelope(z.object({ unsubscribed: z.literal(true) })),
            404: ErrorBody,
          },
        },
      },
      async (request) => {
        const { organization, token } = request.query;
        if (!(await insights.unsubscribe(organization, token)))
          throw notFound(insightsTexts.unsubscribeInvalid);
        return { data: { unsubscribed: true as const } };
      },
    );
  });

  app.put(
    '/organizations/:id/insights/monthly-email',
    {
      schema: {
        tags,
        summary: 'Turn the monthly insights email on or off (owner only)',
        security: sessionRequired,
        params: Params,
        body: MonthlyEmail,
        response: { 200: dataEnvelope(MonthlyEmail), ...refusals },
      },
    },
    async (request, reply) => {
      await insights.setMonthlyEmail(
        await readSession(identity, request, reply),
        request.params.id,
        request.body.on,
      );
      return { data: { on: request.body.on } };
    },
  );
};
