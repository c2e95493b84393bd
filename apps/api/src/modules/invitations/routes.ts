import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptedInvitation,
  CreateInvitationRequest,
  ErrorBody,
  InvitationParams,
  InvitationPreview,
  InvitationTokenParams,
  PendingInvitation,
  dataEnvelope,
  invitationTexts,
} from '@si/contracts';
import { organizationEditors } from '../organizations/editors.ts';
import type { Acceptance } from './acceptance.ts';
import type { OwnerInvitations } from './owner-invitations.ts';

const OrganizationParams = z.object({ id: z.string().max(100) });
const Done = dataEnvelope(z.object({ done: z.literal(true) }));
const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
};
const ownersOnly = { access: { signedIn: organizationEditors } };

/** Invitations by email (ADR 049): owners send and manage them; the invitee accepts. */
export const invitationRoutes: FastifyPluginAsyncZod<{
  owners: OwnerInvitations;
  acceptance: Acceptance;
}> = async (app, { owners, acceptance }) => {
  app.post(
    '/organizations/:id/invitations',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Invite an email address to the organization in a role (owners only)',
        description:
          'Emails a link that works once, for 7 days. 409 when the address is a member (ALREADY_A_MEMBER), already invited (INVITATION_PENDING), or when members and invitations would pass 20 (ORGANIZATION_FULL); 429 past the limits per owner and per address.',
        params: OrganizationParams,
        body: CreateInvitationRequest,
        response: { 201: dataEnvelope(PendingInvitation), ...errors },
      },
      config: ownersOnly,
    },
    async (request, reply) => {
      const { invitation } = await owners.invite(request.caller, request.params.id, request.body);
      return reply.code(201).send({ data: invitation });
    },
  );

  app.get(
    '/organizations/:id/invitations',
    {
      schema: {
        tags: ['invitations'],
        summary: "The organization's invitations waiting for an answer (owners only)",
        params: OrganizationParams,
        response: { 200: dataEnvelope(z.array(PendingInvitation)), ...errors },
      },
      config: ownersOnly,
    },
    async (request) => ({ data: await owners.list(request.caller, request.params.id) }),
  );

  app.post(
    '/organizations/:id/invitations/:invitationId/resend',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Send an invitation again with a new link and 7 more days (owners only)',
        description: 'The link sent before stops working.',
        params: InvitationParams,
        response: { 200: dataEnvelope(PendingInvitation), ...errors },
      },
      config: ownersOnly,
    },
    async (request) => {
      const { id, invitationId } = request.params;
      const { invitation } = await owners.resend(request.caller, id, invitationId);
      return { data: invitation };
    },
  );

  app.delete(
    '/organizations/:id/invitations/:invitationId',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Revoke an invitation: its link stops working (owners only)',
        params: InvitationParams,
        response: { 200: Done, ...errors },
      },
      config: ownersOnly,
    },
    async (request) => {
      const { id, invitationId } = request.params;
      await owners.revoke(request.caller, id, invitationId);
      return { data: { done: true as const } };
    },
  );

  app.get(
    '/invitations/:token',
    {
      schema: {
        tags: ['invitations'],
        summary: 'What an invitation link offers, before accepting it (whoever holds the link)',
        description:
          'A forged link, or one that no longer works, is answered 404 INVITATION_UNUSABLE; only the invitee (signed in, verified, with the invited address) is told why: INVITATION_USED (409), INVITATION_EXPIRED or INVITATION_REVOKED (410).',
        params: InvitationTokenParams,
        response: { 200: dataEnvelope(InvitationPreview), ...errors, 410: ErrorBody },
      },
      config: { access: 'visitor' },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { data: await acceptance.preview(await request.visitor(), request.params.token) };
    },
  );

  app.post(
    '/invitations/:token/accept',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Accept an invitation: the caller becomes a member in its role',
        description:
          'Needs a signed-in, verified account with the invited address (403 INVITATION_WRONG_ACCOUNT or EMAIL_NOT_VERIFIED otherwise). The link works once; the same answers as GET for links that no longer work.',
        params: InvitationTokenParams,
        response: { 200: dataEnvelope(AcceptedInvitation), ...errors, 410: ErrorBody },
      },
      config: { access: { signedIn: { signedOut: invitationTexts.signedOut } } },
    },
    async (request) => {
      const joined = await acceptance.accept(request.caller!, request.params.token);
      return { data: { organizationId: joined.organizationId, role: joined.role } };
    },
  );
};
