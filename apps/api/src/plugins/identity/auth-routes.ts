import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { runWithTransaction } from '@better-auth/core/context';
import { APIError } from 'better-auth/api';
import type { Config } from '../../config.ts';
import type { RouteRateLimit } from '../rate-limit/route-limits.ts';
import type { Identity } from './better-auth.ts';
import { translateAuthError, translateRedirectError } from './error-translation.ts';
import { providerEmail, runIdentityRequest } from './sign-in-context.ts';

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

/** The better-auth calls that are rate-limited, each with its own counter per client address. */
const limitedPaths = [
  { path: '/sign-in/email', bucket: 'sign-in', summary: 'Sign in with email and password' },
  { path: '/sign-up/email', bucket: 'sign-up', summary: 'Sign up (links the current guest)' },
  { path: '/sign-in/anonymous', bucket: 'guest', summary: 'Start a guest session' },
  {
    path: '/request-password-reset',
    bucket: 'password-reset',
    summary: 'Email a password reset link (same answer whether or not the account exists)',
  },
  { path: '/reset-password', bucket: 'password-reset', summary: 'Set a new password with a token' },
] as const;

class RolledBack extends Error {
  constructor(readonly response: Response) {
    super('identity call failed; its transaction was rolled back');
  }
}

export interface IdentityRoutesOptions {
  identity: Identity;
  config: Config;
  rateLimit: (bucket: string) => RouteRateLimit | undefined;
  /** Called after a call that queued an email, so the relay sends it now. */
  onEmailQueued: () => void;
  /** Whether an account with this email signs in with a password. */
  emailHasPassword: (email: string) => Promise<boolean>;
}

/**
 * Serves better-auth under /api/auth/*. Its answers are translated into the API's own shape:
 * `{ data }` on success and `{ error: { code, message } }` with SPEC.md's wording on failure,
 * including the `error` a social sign-in carries back in its redirect.
 */
export const identityRoutes: FastifyPluginAsync<IdentityRoutesOptions> = async (
  app,
  { identity, config, rateLimit, onEmailQueued, emailHasPassword },
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
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || name === 'content-length') continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
    }
    // better-auth records the address with the session; the proxy-aware one is Fastify's.
    headers.set('x-client-ip', request.ip);
    const withBody = request.method !== 'GET' && request.method !== 'HEAD';
    const body = withBody
      ? typeof request.body === 'string'
        ? request.body
        : JSON.stringify(request.body ?? {})
      : undefined;
    if (withBody && typeof request.body !== 'string')
      headers.set('content-type', 'application/json');
    const response = await callIdentity(
      path,
      new Request(url, {
        method: request.method,
        headers,
        ...(body === undefined ? {} : { body }),
      }),
      request.body ?? {},
    );

    reply.code(response.status);
    response.headers.forEach((value, name) => {
      if (['set-cookie', 'content-length', 'content-encoding', 'location'].includes(name)) return;
      reply.header(name, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    const location = response.headers.get('location');
    if (location) reply.header('location', await rewriteErrorRedirect(location, path));

    const text = await response.text();
    if (!(response.headers.get('content-type') ?? '').includes('application/json') || !text) {
      return reply.send(text);
    }
    const parsed = JSON.parse(text) as Record<string, unknown> | null;
    if (response.status >= 400) {
      const provider = (request.body as { provider?: unknown } | undefined)?.provider;
      const error = translateAuthError(
        response.status,
        parsed ?? undefined,
        typeof provider === 'string' ? provider : undefined,
      );
      return reply.code(error.status).send({ error: { code: error.code, message: error.message } });
    }
    if (emailingPaths.has(path)) onEmailQueued();
    return reply.send({ data: parsed });
  }

  for (const { path, bucket, summary } of limitedPaths) {
    const limit = rateLimit(bucket);
    app.post(
      `/auth${path}`,
      {
        schema: { tags: ['identity'], summary },
        ...(limit ? { config: { rateLimit: limit } } : {}),
      },
      forward,
    );
  }
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    handler: forward,
  });
};
