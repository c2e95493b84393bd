import type { FastifyRequest } from 'fastify';
import { AUTH_MODE_HEADER } from '@si/contracts';

/**
 * Whether an identity answer may carry the session token. A client authenticated by a bearer
 * token already holds it; a client without cookies may ask for one with `X-Auth-Mode: bearer`
 * when it signs in. A cookie session's token is never given to page scripts: that would undo
 * httpOnly for anyone who can run script on the page.
 */
export function mayReceiveToken(request: FastifyRequest): boolean {
  if (/^bearer\s/i.test(request.headers.authorization ?? '')) return true;
  return request.headers[AUTH_MODE_HEADER] === 'bearer' && !request.headers.cookie;
}

/** better-auth's answers name the token at the top (sign-in, sign-up) or in `session`. */
export function withoutToken(body: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!body) return body;
  const { token: _token, ...rest } = body;
  const session = rest.session;
  if (session && typeof session === 'object') {
    const { token: _sessionToken, ...sessionRest } = session as Record<string, unknown>;
    rest.session = sessionRest;
  }
  return rest;
}

/** Response headers that hand the token to scripts (the bearer plugin's). */
export const tokenHeaders = new Set(['set-auth-token', 'access-control-expose-headers']);
