import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminList,
  AdminOrganizationAction,
  AdminOrganizationDetail,
  AdminOrganizationQuery,
  AdminOrganizationRow,
  AdminRefundRequest,
  ErrorBody,
  OrganizationId,
  dataEnvelope,
} from '@si/contracts';
import { admin, page, refusals, type ConsoleRouteOptions } from './console-route-parts.ts';

const OrganizationParams = z.object({ id: OrganizationId });

/** The console's organizations: the list, one, and what an operator does to one. */
export const organizationRoutes: FastifyPluginAsyncZod<ConsoleRouteOptions> = async (
  app,
  { operators, actor },
) => {
  app.get(
    '/admin/organizations',
    {
      schema: {
        ...admin,
        summary: 'Organizations by name, owner email or id, and by state',
        querystring: AdminOrganizationQuery,
        response: { 200: AdminList(AdminOrganizationRow), 400: ErrorBody, ...refusals },
      },
    },
    async (request) => {
      const { rows, total } = await operators.organizations(request.query);
      return { data: rows, meta: page(request.query, total) };
    },
  );

  app.get(
    '/admin/organizations/:id',
    {
      schema: {
        ...admin,
        summary: 'One organization with its owner, subscriptions and reports',
        params: OrganizationParams,
        response: { 200: dataEnvelope(AdminOrganizationDetail), 404: ErrorBody, ...refusals },
      },
    },
    async (request) => ({ data: await operators.organization(request.params.id) }),
  );

  const organizationAction = (summary: string) => ({
    schema: {
      ...admin,
      summary,
      params: OrganizationParams,
      body: AdminOrganizationAction,
      response: {
        200: dataEnvelope(AdminOrganizationDetail),
        400: ErrorBody,
        404: ErrorBody,
        409: ErrorBody,
        ...refusals,
      },
    },
  });

  app.post(
    '/admin/organizations/:id/hold',
    organizationAction(
      'Hold a profile: unpublished whatever its subscription; the owner is emailed why',
    ),
    async (request) => {
      await operators.hold(actor(request), request.params.id, request.body);
      return { data: await operators.organization(request.params.id) };
    },
  );

  app.post(
    '/admin/organizations/:id/release',
    organizationAction('Release a hold: the subscription decides publication again'),
    async (request) => {
      await operators.release(actor(request), request.params.id, request.body);
      return { data: await operators.organization(request.params.id) };
    },
  );

  app.post(
    '/admin/organizations/:id/revoke-verification',
    organizationAction(
      'Take the Verified badge away: it leaves the profile and the directory; the owner is emailed why',
    ),
    async (request) => {
      await operators.revokeVerification(actor(request), request.params.id, request.body);
      return { data: await operators.organization(request.params.id) };
    },
  );

  app.post(
    '/admin/organizations/:id/delete',
    {
      schema: {
        ...admin,
        summary:
          'Delete an organization as its owner would (subscriptions canceled, images removed)',
        params: OrganizationParams,
        body: AdminOrganizationAction,
        response: { 204: z.null(), 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...refusals },
      },
    },
    async (request, reply) => {
      await operators.deleteOrganization(actor(request), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/organizations/:id/refund',
    {
      schema: {
        ...admin,
        summary:
          "Refund the latest payment at the provider; the profile leaves now or at the paid period's end",
        params: OrganizationParams,
        body: AdminRefundRequest,
        response: {
          200: dataEnvelope(AdminOrganizationDetail),
          400: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          502: ErrorBody,
          ...refusals,
        },
      },
    },
    async (request) => {
      await operators.refund(actor(request), request.params.id, request.body);
      return { data: await operators.organization(request.params.id) };
    },
  );
};
