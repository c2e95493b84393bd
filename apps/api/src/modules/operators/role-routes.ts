import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminOrganizationDetail,
  AdminRoleAction,
  ErrorBody,
  OrganizationId,
  RoleId,
  dataEnvelope,
} from '@si/contracts';
import { admin, refusals, type ConsoleRouteOptions } from './console-route-parts.ts';

const RoleParams = z.object({ id: OrganizationId, roleId: RoleId });

/** The console's holds of one role (ADR 045): each answers the organization as it now is. */
export const roleRoutes: FastifyPluginAsyncZod<ConsoleRouteOptions> = async (
  app,
  { operators, actor },
) => {
  const roleAction = (summary: string) => ({
    schema: {
      ...admin,
      summary,
      params: RoleParams,
      body: AdminRoleAction,
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
    '/admin/organizations/:id/roles/:roleId/hold',
    roleAction(
      'Hold a role: it leaves the profile, the directory and its page at once; the owner is emailed why',
    ),
    async (request) => {
      const { id, roleId } = request.params;
      await operators.holdRole(actor(request), id, roleId, request.body);
      return { data: await operators.organization(id) };
    },
  );

  app.post(
    '/admin/organizations/:id/roles/:roleId/release',
    roleAction('Release a role’s hold: public again while it is open; the owner is told'),
    async (request) => {
      const { id, roleId } = request.params;
      await operators.releaseRole(actor(request), id, roleId, request.body);
      return { data: await operators.organization(id) };
    },
  );
};
