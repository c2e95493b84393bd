import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthActionResult,
  CurrentUser,
  DeleteAccountRequest,
  DeleteAccountResult,
  ErrorBody,
  Organization,
  SessionView,
  VerifyEmailQuery,
  dataEnvelope,
} from '@si/contracts';
import { publicAccess, sessionOptional, sessionRequired } from '../../http/openapi.ts';
import type { Identity } from '../../identity/better-auth.ts';
import { readSession } from '../../identity/session.ts';
import type { RouteRateLimit } from '../../adapters/rate-limit/route-limits.ts';
import type { OrganizationService } from '../organizations/service.ts';
import type { AccountService } from './service.ts';

export interface AccountRoutesOptions {
  identity: Identity;
  accounts: AccountService;
  organizations: OrganizationService;
  rateLimit: (bucket: string) => RouteRateLimit | undefined;
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

/** The product's account calls: session, sync, profile, email verification and account deletion. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { identity, accounts, organizations, rateLimit },
) => {
  const sessionCookies = (await identity.$context).authCookies;

  app.get(
    '/auth/session',
    {
      schema: {
        tags: ['identity'],
        security: sessionOptional,
        summary: 'The signed-in user, or null; extends the session cookie when it is due',
        response: { 200: dataEnvelope(SessionView) },
      },
    },
    async (request, reply) => {
      const session = await readSession(identity, request, reply);
      return { data: session ? await accounts.currentUser(session) : null };
    },
  );

  app.post(
    '/auth/sync-user',
    {
      schema: {
        tags: ['identity'],
        security: sessionRequired,
        summary: 'Confirms the account record after sign-up or sign-in (idempotent)',
        response: { 200: dataEnvelope(CurrentUser), ...errors },
      },
    },
    async (request, reply) => {
      const session = accounts.requireUser(await readSession(identity, request, reply));
      return { data: await accounts.currentUser(session) };
    },
  );

  app.get(
    '/users/profile',
    {
      schema: {
        tags: ['users'],
        security: sessionRequired,
        summary: 'The profile of the signed-in user, with its email-verification flag',
        response: { 200: dataEnvelope(CurrentUser), ...errors },
      },
    },
    async (request, reply) => {
      const session = accounts.requireUser(await readSession(identity, request, reply));
      return { data: await accounts.currentUser(session) };
    },
  );

  app.get(
    '/users/organizations',
    {
      schema: {
        tags: ['users'],
        security: sessionRequired,
        summary: "The signed-in user's organizations, in every payment state",
        response: { 200: dataEnvelope(z.array(Organization)), ...errors },
      },
    },
    async (request, reply) => {
      const { user } = accounts.requireUser(await readSession(identity, request, reply));
      return { data: await organizations.listOwned(user.id) };
    },
  );

  const resendLimit = rateLimit('resend-verification');
  app.post(
    '/auth/resend-verification',
    {
      schema: {
        tags: ['identity'],
        security: sessionRequired,
        summary: 'Sends a new email-verification link (the previous one stops working)',
        response: { 200: dataEnvelope(AuthActionResult), ...errors },
      },
      ...(resendLimit ? { config: { rateLimit: resendLimit } } : {}),
    },
    async (request, reply) => ({
      data: await accounts.resendVerification(await readSession(identity, request, reply)),
    }),
  );

  app.get(
    '/auth/verify-email',
    {
      schema: {
        tags: ['identity'],
        security: publicAccess,
        summary: 'Verifies an email address with the link from the verification email',
        querystring: VerifyEmailQuery,
        response: { 200: dataEnvelope(AuthActionResult), ...errors },
      },
    },
    async (request) => ({
      data: await accounts.verifyEmail(request.query.token, request.query.userId),
    }),
  );

  app.delete(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        security: sessionRequired,
        summary:
          'Deletes the account and everything it owns (confirmation DELETE; the password for password accounts)',
        body: DeleteAccountRequest,
        response: { 200: dataEnvelope(DeleteAccountResult), ...errors },
      },
    },
    async (request, reply) => {
      await accounts.deleteAccount(await readSession(identity, request), request.body, request.ip);
      const expired = (cookie: { name: string; attributes: { secure?: boolean } }) =>
        `${cookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${cookie.attributes.secure ? '; Secure' : ''}`;
      reply.header('set-cookie', [
        expired(sessionCookies.sessionToken),
        expired(sessionCookies.sessionData),
      ]);
      return { data: { deleted: true as const } };
    },
  );
};
