import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminList,
  AdminOverview,
  AuditEntry,
  AuditQuery,
  ErrorBody,
  dataEnvelope,
} from '@si/contracts';
import { billingRoutes } from './billing-routes.ts';
import { admin, page, refusals, type ConsoleRouteOptions } from './console-route-parts.ts';
import { emailRoutes } from './email-routes.ts';
import { exportRoutes } from './export-routes.ts';
import { newsletterRoutes } from './newsletter-routes.ts';
import { organizationRoutes } from './organization-routes.ts';
import { organizationTeamRoutes } from './organization-team-routes.ts';
import { reportRoutes } from './report-routes.ts';
import { roleRoutes } from './role-routes.ts';
import type { OperatorService } from './service.ts';
import { userRoutes } from './user-routes.ts';

const Operator = z.object({ email: z.string() });

/**
 * The operator's console API, /api/admin (ADR 028). Every route here, and in the plugins
 * registered below, is for operators only: said once, for the whole console, so the API's
 * access hook refuses anyone else before the input is read (an operator signed in within 12
 * hours). No answer is kept by any cache (the API's default for reads without a public policy).
 */
export const operatorRoutes: FastifyPluginAsyncZod<{ operators: OperatorService }> = async (
  app,
  { operators },
) => {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: 'operator' };
  });
  const parts: ConsoleRouteOptions = { operators, actor: (request) => request.operator! };

  app.get(
    '/admin/me',
    {
      schema: {
        ...admin,
        summary: 'The signed-in operator (the console asks before it shows anything)',
        response: { 200: dataEnvelope(Operator), ...refusals },
      },
    },
    async (request) => ({ data: { email: parts.actor(request).email } }),
  );

  // Awaited one by one: the OpenAPI document lists the console's calls in this order.
  await app.register(organizationRoutes, parts);
  await app.register(organizationTeamRoutes, parts);
  await app.register(roleRoutes, parts);
  await app.register(reportRoutes, parts);
  await app.register(userRoutes, parts);

  app.get(
    '/admin/overview',
    {
      schema: {
        ...admin,
        summary: 'The business on one screen: organizations by state, revenue, reports, 90 days',
        response: { 200: dataEnvelope(AdminOverview), ...refusals },
      },
    },
    async () => ({ data: await operators.overview() }),
  );

  await app.register(emailRoutes, parts);
  await app.register(newsletterRoutes, parts);
  await app.register(billingRoutes, parts);
  await app.register(exportRoutes, parts);

  app.get(
    '/admin/audit',
    {
      schema: {
        ...admin,
        summary: 'The audit log, newest first, searched by operator, action, record or reason',
        querystring: AuditQuery,
        response: { 200: AdminList(AuditEntry), 400: ErrorBody, ...refusals },
      },
    },
    async (request) => {
      const { rows, total } = await operators.audit(request.query);
      return { data: rows, meta: page(request.query, total) };
    },
  );
};
