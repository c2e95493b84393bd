import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AdminList,
  AdminOverview,
  AuditEntry,
  AuditQuery,
  ErrorBody,
  dataEnvelope,
} from '@si/contracts';
import type { Identity } from '../../identity/better-auth.ts';
import { readSession } from '../../identity/session.ts';
import { billingRoutes } from './billing-routes.ts';
import { admin, page, refusals, type ConsoleRouteOptions } from './console-route-parts.ts';
import { emailRoutes } from './email-routes.ts';
import { newsletterRoutes } from './newsletter-routes.ts';
import { organizationRoutes } from './organization-routes.ts';
import { reportRoutes } from './report-routes.ts';
import type { Actor, OperatorService } from './service.ts';
import { userRoutes } from './user-routes.ts';

const Operator = z.object({ email: z.string() });

/**
 * The operator's console API, /api/admin (ADR 028). Every operation is refused before its input
 * is read unless an operator signed in within 12 hours asks (the service decides), and no
 * answer is kept by any cache (the API's default for reads without a public policy). The hook
 * here covers every plugin registered below it; each holds one part of the console.
 */
export const operatorRoutes: FastifyPluginAsyncZod<{
  operators: OperatorService;
  identity: Identity;
}> = async (app, { operators, identity }) => {
  const actors = new WeakMap<FastifyRequest, Actor>();
  app.addHook('preValidation', async (request, reply) => {
    actors.set(
      request,
      await operators.requireOperator(await readSession(identity, request, reply)),
    );
  });
  const actor = (request: FastifyRequest) => actors.get(request)!;
  const parts: ConsoleRouteOptions = { operators, actor };

  app.get(
    '/admin/me',
    {
      schema: {
        ...admin,
        summary: 'The signed-in operator (the console asks before it shows anything)',
        response: { 200: dataEnvelope(Operator), ...refusals },
      },
    },
    async (request) => ({ data: { email: actor(request).email } }),
  );

  // Awaited one by one: the OpenAPI document lists the console's calls in this order.
  await app.register(organizationRoutes, parts);
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
