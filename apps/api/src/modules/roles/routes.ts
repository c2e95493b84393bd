import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ErrorBody,
  OrganizationRolesQuery,
  ReopenRoleRequest,
  Role,
  RoleInput,
  dataEnvelope,
} from '@si/contracts';
import { PRIVATE_CACHE } from '../../http/cache-control.ts';
import { organizationEditors } from '../organizations/editors.ts';
import type { RoleAnswer, RoleService } from './service.ts';

const OrganizationParams = z.object({ id: z.string().max(100) });
const RoleParams = z.object({ id: z.string().max(100), roleId: z.string().max(100) });
const RoleDeleted = z.object({ deleted: z.literal(true) });
const ownerErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
/** Writes are the profile's: owners only, under the same refusals as PUT /api/organizations/{id}. */
const ownerOnly = { access: { signedIn: organizationEditors } } as const;

const viewerOf = (request: FastifyRequest) => async () =>
  (await request.visitor())?.user.id ?? null;

/** An answer only the owner may see is kept by no cache (as an unpublished profile's). */
function answer<T>(reply: FastifyReply, { data, forOwner }: RoleAnswer<T>) {
  if (forOwner) reply.header('cache-control', PRIVATE_CACHE);
  return { data };
}

/** An organization's open roles (ADR 042): anyone reads the open ones, the owner writes. */
export const roleRoutes: FastifyPluginAsyncZod<{ roles: RoleService }> = async (app, { roles }) => {
  const tags = ['organizations'];

  app.get(
    '/organizations/:id/roles',
    {
      config: { cache: 'revalidate', access: 'visitor' },
      schema: {
        tags,
        summary: "A published organization's open roles, newest first",
        description:
          'An organization that is not published answers 404 to anyone but its owner, as GET /api/organizations/{id} does. `status=all` (the owner only; anyone else gets 404) adds closed, expired and held roles, with the reason of a hold.',
        params: OrganizationParams,
        querystring: OrganizationRolesQuery,
        response: { 200: dataEnvelope(z.array(Role)), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) =>
      answer(reply, await roles.list(request.params.id, request.query, viewerOf(request))),
  );

  app.get(
    '/organizations/:id/roles/:roleId',
    {
      config: { cache: 'revalidate', access: 'visitor' },
      schema: {
        tags,
        summary: 'One open role of a published organization',
        description:
          'A role that is closed, past its closing date or held answers 410 `ROLE_CLOSED` to anyone but the owner, who gets it with its status. An unknown role, or one of another organization, answers 404.',
        params: RoleParams,
        response: { 200: dataEnvelope(Role), 404: ErrorBody, 410: ErrorBody },
      },
    },
    async (request, reply) =>
      answer(reply, await roles.get(request.params.id, request.params.roleId, viewerOf(request))),
  );

  app.post(
    '/organizations/:id/roles',
    {
      schema: {
        tags,
        summary: 'Post a role (owner only, once paid for)',
        description:
          'The date posted is the server’s; the closing date defaults to 60 days after today and may be at most 180 days ahead. At most 25 open roles (409 `TOO_MANY_OPEN_ROLES`) and 100 roles in all (409 `TOO_MANY_ROLES`). An organization without a live subscription answers 402.',
        params: OrganizationParams,
        body: RoleInput,
        response: { 201: dataEnvelope(Role), ...ownerErrors, 402: ErrorBody, 409: ErrorBody },
      },
      config: ownerOnly,
    },
    async (request, reply) => {
      const role = await roles.create(request.caller, request.params.id, request.body);
      return reply.code(201).send({ data: role });
    },
  );

  app.put(
    '/organizations/:id/roles/:roleId',
    {
      schema: {
        tags,
        summary: 'Save the whole role (owner only, once paid for)',
        description:
          'closesOn left out keeps the current closing date. A later date that opens an expired role again must fit under the open roles’ limit (409 `TOO_MANY_OPEN_ROLES`).',
        params: RoleParams,
        body: RoleInput,
        response: { 200: dataEnvelope(Role), ...ownerErrors, 402: ErrorBody, 409: ErrorBody },
      },
      config: ownerOnly,
    },
    async (request) => ({
      data: await roles.update(
        request.caller,
        request.params.id,
        request.params.roleId,
        request.body,
      ),
    }),
  );

  app.post(
    '/organizations/:id/roles/:roleId/close',
    {
      schema: {
        tags,
        summary: 'Close a role before its closing date (owner only)',
        params: RoleParams,
        response: { 200: dataEnvelope(Role), ...ownerErrors },
      },
      config: ownerOnly,
    },
    async (request) => ({
      data: await roles.close(request.caller, request.params.id, request.params.roleId),
    }),
  );

  app.post(
    '/organizations/:id/roles/:roleId/reopen',
    {
      schema: {
        tags,
        summary: 'Open a closed or expired role again (owner only, once paid for)',
        description:
          'closesOn left out: 60 days after today. The role must fit under the open roles’ limit (409 `TOO_MANY_OPEN_ROLES`). A held role stays held.',
        params: RoleParams,
        body: ReopenRoleRequest,
        response: { 200: dataEnvelope(Role), ...ownerErrors, 402: ErrorBody, 409: ErrorBody },
      },
      config: ownerOnly,
    },
    async (request) => ({
      data: await roles.reopen(
        request.caller,
        request.params.id,
        request.params.roleId,
        request.body,
      ),
    }),
  );

  app.delete(
    '/organizations/:id/roles/:roleId',
    {
      schema: {
        tags,
        summary: 'Delete a role (owner only)',
        params: RoleParams,
        response: { 200: dataEnvelope(RoleDeleted), ...ownerErrors },
      },
      config: ownerOnly,
    },
    async (request) => {
      await roles.remove(request.caller, request.params.id, request.params.roleId);
      return { data: { deleted: true as const } };
    },
  );
};
