import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangeMemberRoleRequest,
  ErrorBody,
  MemberParams,
  OrganizationMembers,
  TransferOwnershipRequest,
  dataEnvelope,
} from '@si/contracts';
import { organizationEditors } from './editors.ts';
import type { OrganizationService } from './service.ts';

const OrganizationParams = z.object({ id: z.string().max(100) });
const Done = dataEnvelope(z.object({ done: z.literal(true) }));
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** An organization's members (ADR 047): owners manage them; any member may leave. */
export const memberRoutes: FastifyPluginAsyncZod<{ organizations: OrganizationService }> = async (
  app,
  { organizations },
) => {
  const { members } = organizations;

  app.get(
    '/organizations/:id/members',
    {
      schema: {
        tags: ['organizations'],
        summary: "The organization's members and their roles, and the caller's (members only)",
        description:
          'Anyone who is not a member is answered 404, as if there were no such organization.',
        params: OrganizationParams,
        response: { 200: dataEnvelope(OrganizationMembers), ...errors },
      },
      config: { access: 'signed-in' },
    },
    async (request) => ({ data: await members.list(request.caller, request.params.id) }),
  );

  app.patch(
    '/organizations/:id/members/:userId',
    {
      schema: {
        tags: ['organizations'],
        summary: "Change a member's role (owners only)",
        description:
          'The only owner cannot become an editor (409 LAST_OWNER): make another member an owner first.',
        params: MemberParams,
        body: ChangeMemberRoleRequest,
        response: { 200: Done, ...errors },
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request) => {
      const { id, userId } = request.params;
      await members.setRole(request.caller, id, userId, request.body.role);
      return { data: { done: true as const } };
    },
  );

  app.delete(
    '/organizations/:id/members/:userId',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Remove a member (owners), or leave (the member themselves)',
        description: 'The only owner can neither leave nor be removed (409 LAST_OWNER).',
        params: MemberParams,
        response: { 200: Done, ...errors },
      },
      config: { access: 'signed-in' },
    },
    async (request) => {
      await members.remove(request.caller, request.params.id, request.params.userId);
      return { data: { done: true as const } };
    },
  );

  app.post(
    '/organizations/:id/members/transfer',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Hand ownership to another member (owners only)',
        description:
          'The member becomes an owner; the caller becomes an editor, or leaves with then: leave.',
        params: OrganizationParams,
        body: TransferOwnershipRequest,
        response: { 200: Done, ...errors },
      },
      config: { access: { signedIn: organizationEditors } },
    },
    async (request) => {
      await members.transfer(request.caller, request.params.id, request.body);
      return { data: { done: true as const } };
    },
  );
};
