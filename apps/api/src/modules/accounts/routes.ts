import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountDeletionPreview,
  AuthActionResult,
  CurrentUser,
  DeleteAccountRequest,
  DeleteAccountResult,
  ErrorBody,
  MyOrganization,
  SessionView,
  VerifyEmailQuery,
  dataEnvelope,
  signInMessages,
  verificationMessages,
} from '@si/contracts';
import type { Identity } from '../../identity/better-auth.ts';
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
        summary: 'The signed-in user, or null; extends the session cookie when it is due',
        response: { 200: dataEnvelope(SessionView) },
      },
      config: { access: 'visitor' },
    },
    async (request) => {
      const session = await request.visitor();
      return { data: session ? await accounts.currentUser(session) : null };
    },
  );

  for (const [url, summary, method] of [
    [
      '/auth/sync-user',
      'Confirms the account record after sign-up or sign-in (idempotent)',
      'POST',
    ],
    [
      '/users/profile',
      'The profile of the signed-in user, with its email-verification flag',
      'GET',
    ],
  ] as const) {
    app.route({
      method,
      url,
      schema: {
        tags: [url.startsWith('/auth') ? 'identity' : 'users'],
        summary,
        response: { 200: dataEnvelope(CurrentUser), ...errors },
      },
      config: { access: 'signed-in' },
      handler: async (request) => ({ data: await accounts.currentUser(request.caller!) }),
    });
  }

  app.get(
    '/users/organizations',
    {
      schema: {
        tags: ['users'],
        summary:
          "The organizations the signed-in user is a member of, in every payment state, with the user's role (myRole)",
        response: { 200: dataEnvelope(z.array(MyOrganization)), ...errors },
      },
      config: { access: 'signed-in' },
    },
    async (request) => ({ data: await organizations.listMine(request.caller!.user.id) }),
  );

  const resendLimit = rateLimit('resend-verification');
  app.post(
    '/auth/resend-verification',
    {
      schema: {
        tags: ['identity'],
        summary: 'Sends a new email-verification link (the previous one stops working)',
        response: { 200: dataEnvelope(AuthActionResult), ...errors },
      },
      config: {
        access: { signedIn: { signedOut: verificationMessages.mustBeLoggedIn } },
        ...(resendLimit ? { rateLimit: resendLimit } : {}),
      },
    },
    async (request) => ({ data: await accounts.resendVerification(request.caller) }),
  );

  app.get(
    '/auth/verify-email',
    {
      schema: {
        tags: ['identity'],
        summary: 'Verifies an email address with the link from the verification email',
        querystring: VerifyEmailQuery,
        response: { 200: dataEnvelope(AuthActionResult), ...errors },
      },
      config: { access: 'public' },
    },
    async (request) => ({
      data: await accounts.verifyEmail(request.query.token, request.query.userId),
    }),
  );

  app.get(
    '/users/me/deletion',
    {
      schema: {
        tags: ['users'],
        summary:
          'What deleting the account would delete: the organizations it is the only owner of',
        description:
          'An organization with another owner stays when the account goes; only the membership goes with it.',
        response: { 200: dataEnvelope(AccountDeletionPreview), ...errors },
      },
      config: { access: { signedIn: { signedOut: signInMessages.noUser } } },
    },
    async (request) => ({ data: await accounts.deletionPreview(request.caller) }),
  );

  app.delete(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        summary:
          'Deletes the account, the organizations it is the only owner of, and its memberships of the others (confirmation DELETE; the password for password accounts)',
        body: DeleteAccountRequest,
        response: { 200: dataEnvelope(DeleteAccountResult), ...errors },
      },
      config: { access: { signedIn: { signedOut: signInMessages.noUser } } },
    },
    async (request, reply) => {
      await accounts.deleteAccount(request.caller, request.body, request.ip);
      const expired = (cookie: { name: string; attributes: { secure?: boolean } }) =>
        `${cookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${cookie.attributes.secure ? '; Secure' : ''}`;
      // Only the expired cookies: a session refreshed on the way in is gone with the account.
      reply.removeHeader('set-cookie');
      reply.header('set-cookie', [
        expired(sessionCookies.sessionToken),
        expired(sessionCookies.sessionData),
      ]);
      return { data: { deleted: true as const } };
    },
  );
};
