import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActivityEntry,
  ActivityMeta,
  ActivityQuery,
  AdminAddOwnerRequest,
  AdminOrganizationDetail,
  ErrorBody,
  OrganizationId,
  dataEnvelope,
  listEnvelope,
} from '@si/contracts';
import { admin, refusals, type ConsoleRouteOptions } from './console-route-parts.ts';

const OrganizationParams = z.object({ id: OrganizationId });

/** The console's view of an organization's team (ADR 048): its activity, an owner added. */
export const organizationTeamRoutes: FastifyPluginAsyncZod<ConsoleRouteOptions> = async (
  app,
  { operators, actor },
) => {
  app.get(
    '/admin/organizations/:id/activity',
    {
      schema: {
        ...admin,
        summary: "The organization's activity, newest first, naming the operators too",
        description: 'Pass meta.nextCursor back as cursor for older entries.',
        params: OrganizationParams,
        querystring: ActivityQuery,
        response: {
          200: listEnvelope(ActivityEntry, ActivityMeta),
          400: ErrorBody,
          404: ErrorBody,
          ...refusals,
        },
      },
    },
    async (request) => {
      const { entries, meta } = await operators.organizationActivity(
        request.params.id,
        request.query,
      );
      return { data: entries, meta };
    },
  );

  app.post(
    '/admin/organizations/:id/owners',
    {
      schema: {
        ...admin,
        summary: 'Make an account an owner for a support case; the owners are emailed why',
        description:
          'The account must exist and have verified its email (404 ACCOUNT_NOT_FOUND, 409 EMAIL_NOT_VERIFIED). A member becomes an owner; anyone else joins as one within the 20 members (409 ORGANIZATION_FULL). 409 ALREADY_AN_OWNER when there is nothing to do.',
        params: OrganizationParams,
        body: AdminAddOwnerRequest,
        response: {
          200: dataEnvelope(AdminOrganizationDetail),
          400: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          ...refusals,
        },
      },
    },
    async (request) => {
      await operators.addOwner(actor(request), request.params.id, request.body);
      return { data: await operators.organization(request.params.id) };
    },
  );
};
