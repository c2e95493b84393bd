import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminList,
  AdminUserAction,
  AdminUserDetail,
  AdminUserQuery,
  AdminUserRow,
  ErrorBody,
  dataEnvelope,
} from '@si/contracts';
import { admin, page, refusals, type ConsoleRouteOptions } from './console-route-parts.ts';

const UserParams = z.object({ id: z.string().min(1).max(100) });

/** The console's users: the list, one, disable, re-enable, delete. */
export const userRoutes: FastifyPluginAsyncZod<ConsoleRouteOptions> = async (
  app,
  { operators, actor },
) => {
  app.get(
    '/admin/users',
    {
      schema: {
        ...admin,
        summary: 'Users (not guests) by email or name',
        querystring: AdminUserQuery,
        response: { 200: AdminList(AdminUserRow), 400: ErrorBody, ...refusals },
      },
    },
    async (request) => {
      const { rows, total } = await operators.users(request.query);
      return { data: rows, meta: page(request.query, total) };
    },
  );

  app.get(
    '/admin/users/:id',
    {
      schema: {
        ...admin,
        summary: 'One user with their organizations and subscriptions',
        params: UserParams,
        response: { 200: dataEnvelope(AdminUserDetail), 404: ErrorBody, ...refusals },
      },
    },
    async (request) => ({ data: await operators.user(request.params.id) }),
  );

  const userAction = (summary: string) => ({
    schema: {
      ...admin,
      summary,
      params: UserParams,
      body: AdminUserAction,
      response: { 204: z.null(), 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...refusals },
    },
  });

  app.post(
    '/admin/users/:id/disable',
    userAction('Disable a user: sessions end, no sign-in, their profiles held'),
    async (request, reply) => {
      await operators.disableUser(actor(request), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/users/:id/enable',
    userAction('Re-enable a user: sign-in works again, the holds of their disable lifted'),
    async (request, reply) => {
      await operators.enableUser(actor(request), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/users/:id/delete',
    userAction('Delete a user with everything they own, as their own account deletion does'),
    async (request, reply) => {
      await operators.deleteUser(actor(request), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );
};
