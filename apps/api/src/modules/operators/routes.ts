import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ADMIN_PAGE_SIZE,
  AdminList,
  AdminEmail,
  AdminGuestCode,
  AdminSubscriptionRow,
  CreateGuestCodeRequest,
  AdminEmailQuery,
  AdminNewsletter,
  AdminNewsletterLine,
  AdminNewsletterQuery,
  AdminNewsletterSubscriber,
  AdminOrganizationAction,
  AdminOrganizationDetail,
  AdminOrganizationQuery,
  AdminOrganizationRow,
  AdminOverview,
  AdminRefundRequest,
  AdminReport,
  AdminReportQuery,
  AdminUserAction,
  AdminUserDetail,
  AdminUserQuery,
  AdminUserRow,
  AuditEntry,
  AuditQuery,
  ErrorBody,
  OrganizationId,
  ResolveReportRequest,
  dataEnvelope,
} from '@si/contracts';
import { sessionRequired } from '../../http/openapi.ts';
import type { Identity } from '../../identity/better-auth.ts';
import { readSession } from '../../identity/session.ts';
import { registerDigestRoutes } from './newsletter-digest-routes.ts';
import type { Actor, OperatorService } from './service.ts';

const OrganizationParams = z.object({ id: OrganizationId });
const ReportParams = z.object({ id: z.uuid() });
const EmailParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
const GuestCodeParams = z.object({ code: z.string().min(1).max(64) });
const UserParams = z.object({ id: z.string().min(1).max(100) });
const refusals = { 401: ErrorBody, 403: ErrorBody };
const Operator = z.object({ email: z.string() });

const page = (query: { page: number }, total: number) => ({
  page: query.page,
  pageSize: ADMIN_PAGE_SIZE,
  total,
});

/**
 * The operator's console API, /api/admin (ADR 028). Every operation is refused before its input
 * is read unless an operator signed in within 12 hours asks (the service decides), and no
 * answer is kept by any cache (the API's default for reads without a public policy).
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
  const admin = { tags: ['admin'], security: sessionRequired };

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

  app.get(
    '/admin/reports',
    {
      schema: {
        ...admin,
        summary: 'Reports from visitors: the open queue oldest first, or the resolved ones',
        querystring: AdminReportQuery,
        response: { 200: AdminList(AdminReport), 400: ErrorBody, ...refusals },
      },
    },
    async (request) => {
      const { rows, total } = await operators.reports(request.query);
      return { data: rows, meta: page(request.query, total) };
    },
  );

  app.post(
    '/admin/reports/:id/resolve',
    {
      schema: {
        ...admin,
        summary:
          "Resolve a report (and the profile's other open ones): dismiss, hold the profile or delete it",
        params: ReportParams,
        body: ResolveReportRequest,
        response: { 204: z.null(), 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, ...refusals },
      },
    },
    async (request, reply) => {
      await operators.resolveReport(actor(request), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

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

  app.get(
    '/admin/emails',
    {
      schema: {
        ...admin,
        summary: "The outbox's recent emails, or its failed ones, newest first",
        querystring: AdminEmailQuery,
        response: { 200: AdminList(AdminEmail), 400: ErrorBody, ...refusals },
      },
    },
    async (request) => {
      const { rows, total } = await operators.emails(request.query);
      return { data: rows, meta: page(request.query, total) };
    },
  );

  app.post(
    '/admin/emails/:id/resend',
    {
      schema: {
        ...admin,
        summary:
          'Send an email again: a failed one afresh, a sent one as a copy while its text is kept',
        params: EmailParams,
        response: { 204: z.null(), 404: ErrorBody, 409: ErrorBody, ...refusals },
      },
    },
    async (request, reply) => {
      await operators.resendEmail(actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/newsletter',
    {
      schema: {
        ...admin,
        summary:
          "The newsletter: confirmed and pending addresses, the digest's line, the last send",
        response: { 200: dataEnvelope(AdminNewsletter), ...refusals },
      },
    },
    async () => ({ data: await operators.newsletter.overview() }),
  );

  app.put(
    '/admin/newsletter/line',
    {
      schema: {
        ...admin,
        summary: 'Set the line at the top of the monthly digest (empty: none); audited',
        body: AdminNewsletterLine,
        response: { 200: dataEnvelope(AdminNewsletterLine), 400: ErrorBody, ...refusals },
      },
    },
    async (request) => ({
      data: await operators.newsletter.setLine(actor(request), request.body.line),
    }),
  );

  app.get(
    '/admin/newsletter/subscribers',
    {
      schema: {
        ...admin,
        summary: 'Newsletter addresses, confirmed and pending, newest first, searched by email',
        querystring: AdminNewsletterQuery,
        response: { 200: AdminList(AdminNewsletterSubscriber), 400: ErrorBody, ...refusals },
      },
    },
    async (request) => {
      const { rows, total } = await operators.newsletter.subscribers(request.query);
      return { data: rows, meta: page(request.query, total) };
    },
  );

  app.delete(
    '/admin/newsletter/subscribers/:id',
    {
      schema: {
        ...admin,
        summary: 'Remove a newsletter address with its emails; audited',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), 400: ErrorBody, 404: ErrorBody, ...refusals },
      },
    },
    async (request, reply) => {
      await operators.newsletter.remove(actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/newsletter/subscribers.csv',
    {
      schema: {
        ...admin,
        summary:
          'The confirmed newsletter subscribers as CSV (email, subscribed_at, confirmed_at); the export is audited',
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV with a header row'), ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"')
        .send(await operators.newsletter.csv(actor(request))),
  );
  registerDigestRoutes(app, { newsletter: operators.newsletter, actor, admin });

  app.get(
    '/admin/subscriptions',
    {
      schema: {
        ...admin,
        summary: "Every organization's subscriptions: plan, amount, provider, status and dates",
        response: { 200: dataEnvelope(z.array(AdminSubscriptionRow)), ...refusals },
      },
    },
    async () => ({ data: await operators.subscriptions() }),
  );

  app.get(
    '/admin/guest-codes',
    {
      schema: {
        ...admin,
        summary: 'Guest codes with their uses and state',
        response: { 200: dataEnvelope(z.array(AdminGuestCode)), ...refusals },
      },
    },
    async () => ({ data: await operators.guestCodes() }),
  );

  app.post(
    '/admin/guest-codes',
    {
      schema: {
        ...admin,
        summary: 'Create a guest code: N organizations, M months each, until its last day',
        body: CreateGuestCodeRequest,
        response: {
          201: dataEnvelope(z.array(AdminGuestCode)),
          400: ErrorBody,
          409: ErrorBody,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      await operators.createGuestCode(actor(request), request.body);
      return reply.code(201).send({ data: await operators.guestCodes() });
    },
  );

  app.post(
    '/admin/guest-codes/:code/disable',
    {
      schema: {
        ...admin,
        summary: 'Stop a guest code; subscriptions it already granted run their term',
        params: GuestCodeParams,
        body: AdminUserAction,
        response: {
          200: dataEnvelope(z.array(AdminGuestCode)),
          400: ErrorBody,
          404: ErrorBody,
          ...refusals,
        },
      },
    },
    async (request) => {
      await operators.disableGuestCode(actor(request), request.params.code, request.body.reason);
      return { data: await operators.guestCodes() };
    },
  );

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
