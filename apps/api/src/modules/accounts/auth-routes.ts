import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { runWithTransaction } from '@better-auth/core/context';
import { APIError } from 'better-auth/api';
import type { Config } from '../../config.ts';
import type { z } from 'zod';
import {
  apiMessages,
  errorCodes,
  ChangePasswordRequest,
  ErrorBody,
  PasswordResetRequest,
  ResetPasswordRequest,
  SignInRequest,
  SignUpRequest,
  SocialSignInRedirects,
  UpdateUserRequest,
} from '@si/contracts';
import { AppError } from '../../http/errors.ts';
import { publicAccess, sessionOptional, sessionRequired } from '../../http/openapi.ts';
import type { PasswordAttempts } from '../../adapters/rate-limit/password-attempts.ts';
import type { RouteRateLimit } from '../../adapters/rate-limit/route-limits.ts';
import type { Identity } from '../../identity/better-auth.ts';
import { translateAuthError, translateRedirectError } from '../../identity/error-translation.ts';
import { providerEmail, runIdentityRequest } from '../../identity/sign-in-context.ts';
import { mayReceiveToken, tokenHeaders, withoutToken } from '../../identity/token-exposure.ts';

/**
 * Identity calls that write an email: they run in one transaction with the email they send.
 * They go through `identity.api`, because `identity.handler` starts a context of its own that
 * would not see the surrounding transaction.
 */
const emailingCalls = {
  '/sign-up/email': 'signUpEmail',
  '/request-password-reset': 'requestPasswordReset',
} as const;
const emailingPaths = new Set<string>(Object.keys(emailingCalls));

/**
 * The better-auth calls the API documents, with the body each accepts (limits on every text,
 * http(s) URLs only) and, for the rate-limited ones, their counter per client address.
 */
const documentedCalls: {
  path: string;
  summary: string;
  body?: z.ZodType;
  bucket?: string;
  security: typeof publicAccess;
  /** Checks the account's password, so the per-account limit can answer 429. */
  checksPassword?: boolean;
}[] = [
  {
    path: '/sign-in/email',
    bucket: 'sign-in',
    body: SignInRequest,
    security: sessionOptional,
    checksPassword: true,
    summary:
      'Sign in with email and password (send X-Auth-Mode: bearer, without cookies, to receive a bearer token)',
  },
  {
    path: '/sign-up/email',
    bucket: 'sign-up',
    body: SignUpRequest,
    security: sessionOptional,
    summary: 'Sign up (links the current guest; X-Auth-Mode: bearer gives a bearer token)',
  },
  {
    path: '/sign-in/anonymous',
    bucket: 'guest',
    security: publicAccess,
    summary: 'Start a guest session',
  },
  {
    path: '/request-password-reset',
    bucket: 'password-reset',
    body: PasswordResetRequest,
    security: publicAccess,
    summary: 'Email a password reset link (same answer whether or not the account exists)',
  },
  {
    path: '/reset-password',
    bucket: 'password-reset',
    body: ResetPasswordRequest,
    security: publicAccess,
    summary: 'Set a new password with a token',
  },
  {
    path: '/change-password',
    body: ChangePasswordRequest,
    security: sessionRequired,
    checksPassword: true,
    summary: 'Change the password with the current one',
  },
  {
    path: '/update-user',
    body: UpdateUserRequest,
    security: sessionRequired,
    summary: 'Change the display name or profile image',
  },
];

/** better-auth's endpoints reachable through /api/auth/* besides the documented calls. */
const wildcardCalls = [
  { method: 'GET', path: /^\/get-session$/ },
  { method: 'POST', path: /^\/sign-out$/ },
  { method: 'POST', path: /^\/sign-in\/social$/ },
  // Provider callbacks (some providers post them) and the reset link's redirect.
  { method: 'GET', path: /^\/callback\/[\w-]+$/ },
  { method: 'POST', path: /^\/callback\/[\w-]+$/ },
  { method: 'GET', path: /^\/reset-password\/[^/]+$/ },
  { method: 'GET', path: /^\/error$/ },
];

/**
 * Refuses a social sign-in whose redirect addresses break the rules every URL field follows
 * (a control character would reach the Location header of the provider's callback), with the
 * same 400 a documented call's schema gives.
 */
function checkSocialRedirects(body: unknown): void {
  const parsed = SocialSignInRedirects.safeParse(body ?? {});
  if (parsed.success) return;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  const [field, message] = Object.entries(fields)[0]!;
  throw new AppError(400, errorCodes.validation, `${field}: ${message}`, fields);
}

/** better-auth's answer to a reset request, whether or not the account exists. */
const RESET_ANSWER = 'If this email exists in our system, check your email for the reset link';

class RolledBack extends Error {
  constructor(readonly response: Response) {
    super('identity call failed; its transaction was rolled back');
  }
}

export interface IdentityRoutesOptions {
  identity: Identity;
  config: Config;
  rateLimit: (bucket: string) => RouteRateLimit | undefined;
  /** The per-account allowance of password checks (sign-in, password change). */
  passwordAttempts: PasswordAttempts;
  /** Called after a call that queued an email, so the relay sends it now. */
  onEmailQueued: () => void;
  /** Whether an account with this email signs in with a password. */
  emailHasPassword: (email: string) => Promise<boolean>;
}

/** The account whose password this call checks, if it checks one. */
async function passwordChecked(path: string, request: FastifyRequest) {
  if (request.method !== 'POST') return undefined;
  if (path === '/sign-in/email') return (request.body as { email: string }).email;
  if (path === '/change-password') return (await request.visitor())?.user.email;
  return undefined;
}

/**
 * Serves better-auth under /api/auth/*. Its answers are translated into the API's own shape:
 * `{ data }` on success and `{ error: { code, message } }` with the product's wording on failure,
 * including the `error` a social sign-in carries back in its redirect.
 */
export const identityRoutes: FastifyPluginAsync<IdentityRoutesOptions> = async (
  app,
  { identity, config, rateLimit, passwordAttempts, onEmailQueued, emailHasPassword },
) => {
  const authContext = await identity.$context;

  async function callIdentity(path: string, request: Request, body: unknown): Promise<Response> {
    const call = emailingCalls[path as keyof typeof emailingCalls];
    if (!call || request.method !== 'POST') return identity.handler(request);

    try {
      return await runWithTransaction(authContext.adapter, async () => {
        const response = await (
          identity.api[call] as (context: {
            body: unknown;
            headers: Headers;
            request: Request;
            asResponse: true;
          }) => Promise<Response>
        )({ body, headers: request.headers, request, asResponse: true });
        if (response.status >= 500) throw new RolledBack(response);
        return response;
      });
    } catch (error) {
      if (error instanceof RolledBack) return error.response;
      // A hook's APIError escapes `asResponse`; answer it like the handler would.
      if (error instanceof APIError) {
        return Response.json(error.body ?? {}, { status: error.statusCode });
      }
      throw error;
    }
  }

  /** `?error=` of a social sign-in's redirect, as the product's code plus the provider. */
  async function rewriteErrorRedirect(location: string, path: string): Promise<string> {
    const target = new URL(location, config.publicUrl);
    const error = target.searchParams.get('error');
    if (!error || target.origin !== new URL(config.publicUrl).origin) return location;
    const provider = /\/callback\/([\w-]+)/.exec(path)?.[1];
    const email = providerEmail();
    target.searchParams.set(
      'error',
      translateRedirectError(error, {
        provider,
        emailHasPassword: email ? await emailHasPassword(email) : false,
      }),
    );
    target.searchParams.delete('error_description');
    if (provider) target.searchParams.set('provider', provider);
    return `${target.pathname}${target.search}${target.hash}`;
  }

  async function forward(request: FastifyRequest, reply: FastifyReply) {
    return runIdentityRequest(() => answer(request, reply));
  }

  async function answer(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, config.publicUrl);
    const path = url.pathname.replace(/^\/api\/auth/, '');
    const account = await passwordChecked(path, request);
    if (account) await passwordAttempts.begin(account, request.ip);
    if (path === '/request-password-reset' && request.method === 'POST') {
      const { email } = request.body as { email: string };
      if (!(await passwordAttempts.mayRequestReset(email))) {
        // The same answer as always, so nobody learns anything; no new link replaces the last.
        return reply.send({ data: { status: true, message: RESET_ANSWER } });
      }
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || name === 'content-length') continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
    }
    // better-auth records the address with the session; the proxy-aware one is Fastify's.
    headers.set('x-client-ip', request.ip);
    const withBody = request.method !== 'GET' && request.method !== 'HEAD';
    const body = withBody ? JSON.stringify(request.body ?? {}) : undefined;
    if (withBody) headers.set('content-type', 'application/json');
    const response = await callIdentity(
      path,
      new Request(url, {
        method: request.method,
        headers,
        ...(body === undefined ? {} : { body }),
      }),
      request.body ?? {},
    );

    if (account && response.status === 200) await passwordAttempts.succeeded(account, request.ip);

    const exposeToken = mayReceiveToken(request);
    reply.code(response.status);
    response.headers.forEach((value, name) => {
      if (['set-cookie', 'content-length', 'content-encoding', 'location'].includes(name)) return;
      if (!exposeToken && tokenHeaders.has(name)) return;
      reply.header(name, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    const location = response.headers.get('location');
    if (location) reply.header('location', await rewriteErrorRedirect(location, path));

    const text = await response.text();
    const json = (response.headers.get('content-type') ?? '').includes('application/json');
    if ((!json || !text) && response.status < 400) return reply.send(text);
    const parsed = json && text ? (JSON.parse(text) as Record<string, unknown> | null) : null;
    if (response.status >= 400) {
      reply.removeHeader('content-type');
      const provider = (request.body as { provider?: unknown } | undefined)?.provider;
      const error = translateAuthError(
        response.status,
        parsed ?? undefined,
        typeof provider === 'string' ? provider : undefined,
      );
      return reply.code(error.status).send({ error: { code: error.code, message: error.message } });
    }
    if (emailingPaths.has(path)) onEmailQueued();
    return reply.send({ data: exposeToken ? parsed : withoutToken(parsed) });
  }

  for (const { path, bucket, summary, body, security, checksPassword } of documentedCalls) {
    const limit = bucket ? rateLimit(bucket) : undefined;
    app.post(
      `/auth${path}`,
      {
        schema: {
          tags: ['identity'],
          summary,
          security,
          ...(body ? { body } : {}),
          ...(checksPassword ? { response: { 429: ErrorBody } } : {}),
        },
        config: { access: 'better-auth', ...(limit ? { rateLimit: limit } : {}) },
      },
      forward,
    );
  }
  // The rest of better-auth that the product uses; every other endpoint of it (password checks
  // without limits, provider tokens, session edits) is not reachable from outside.
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    config: { access: 'better-auth' },
    handler: async (request, reply) => {
      const path = new URL(request.url, config.publicUrl).pathname.replace(/^\/api\/auth/, '');
      const allowed = wildcardCalls.some(
        (call) => call.method === request.method && call.path.test(path),
      );
      if (!allowed) {
        return reply
          .code(404)
          .send({ error: { code: errorCodes.notFound, message: apiMessages.routeNotFound } });
      }
      if (request.method === 'POST' && path === '/sign-in/social') {
        checkSocialRedirects(request.body);
      }
      return forward(request, reply);
    },
  });
};
