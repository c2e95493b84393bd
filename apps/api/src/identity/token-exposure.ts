import type { FastifyRequest } from 'fastify';
import { AUTH_MODE_HEADER } from '@si/contracts';

/**
 * Whether an identity answer may carry the session token. A client authenticated by a bearer
 * token (and no cookies) already holds it; a client without cookies may ask for one with
 * `X-Auth-Mode: bearer` when it signs in. A cookie session's token is never given to page scripts: that would undo
 * httpOnly for anyone who can run script on the page.
 */
export function mayReceiveToken(request: FastifyRequest): boolean {
  // With a cookie, better-auth falls back to the cookie's session when a bearer token is not
  // valid: only a request without cookies is authenticated by its token alone.
  if (request.headers.cookie) return false;
  return (
    /^bearer\s/i.test(request.headers.authorization ?? '') ||
    request.headers[AUTH_MODE_HEADER] === 'bearer'
  );
}

/**
 * An identity answer without session tokens: better-auth names them at the top (sign-in,
 * sign-up), in `session` (get-session) and in each item of a list (list-sessions).
 */
export function withoutToken(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withoutToken);
  if (!body || typeof body !== 'object') return body;
  const { token: _token, ...rest } = body as Record<string, unknown>;
  if (rest.session && typeof rest.session === 'object') rest.session = withoutToken(rest.session);
  return rest;
}

/** Response headers that hand the token to scripts (the bearer plugin's). */
export const tokenHeaders = new Set(['set-auth-token', 'access-control-expose-headers']);
