import type { FastifyContextConfig, FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { API_KEY_HEADER, apiKeyTexts, errorCodes } from '@si/contracts';
import { AppError } from './errors.ts';
import type { Access } from './route-access.ts';

const READ_METHODS = new Set(['GET', 'HEAD']);
/** Headers another site's page may send with a public read: the key, and revalidation. */
const ALLOWED_HEADERS = [API_KEY_HEADER.toLowerCase(), 'if-none-match'];
/** Answer headers another site's script may read, beyond the CORS-safelisted ones. */
const EXPOSED_HEADERS = [
  'etag',
  'retry-after',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];
const PREFLIGHT_VARY = 'access-control-request-method, access-control-request-headers';

/**
 * The public reads (ADR 055): the GETs (and HEADs) whose answer is the same for everyone who
 * sends no session, which is what a cache policy says (ADR 016). A visitor route without one
 * (the session, an invitation) answers about the caller, and is not one.
 */
export const isPublicRead = (
  method: string,
  config: Pick<FastifyContextConfig, 'access' | 'cache'> | undefined,
) => {
  const access: Access | undefined = config?.access;
  return (
    READ_METHODS.has(method) &&
    config?.cache !== undefined &&
    (access === 'public' || access === 'visitor')
  );
};

export const requestIsPublicRead = (request: FastifyRequest) =>
  isPublicRead(request.method, request.routeOptions.config);

/** A route URL as a pattern for a concrete path: `:param` one segment, `*` the rest. */
const patternOf = (url: string) =>
  new RegExp(
    `^${url
      .split('/')
      .map((segment) =>
        segment === '*'
          ? '.*'
          : segment.startsWith(':')
            ? '[^/]+'
            : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/')}$`,
  );

/**
 * CORS for the API scope it is given (ADR 055): public reads answer every origin with
 * `Access-Control-Allow-Origin: *` and never with credentials, so a browser sends no cookie and
 * a session can never ride along; every other route sends no CORS header, and a preflight is
 * answered only for a GET or HEAD of a public read. The answer does not depend on Origin, so it
 * adds no `Vary: Origin`, and shared caches keep one copy for every site.
 */
export function registerCors(api: FastifyInstance): void {
  // Fastify prefers a static route to a parametric one: a path that names a static GET route is
  // judged by that route alone.
  const staticReads = new Map<string, boolean>();
  const patternReads: { pattern: RegExp; readable: boolean }[] = [];
  api.addHook('onRoute', (route: RouteOptions) => {
    if (![route.method].flat().includes('GET')) return;
    const readable = isPublicRead('GET', route.config);
    if (/[:*]/.test(route.url)) patternReads.push({ pattern: patternOf(route.url), readable });
    else staticReads.set(route.url, readable);
  });
  const readablePath = (path: string) =>
    staticReads.get(path) ??
    patternReads.find(({ pattern }) => pattern.test(path))?.readable ??
    false;

  api.addHook('onRequest', async (request, reply) => {
    if (!requestIsPublicRead(request)) return;
    reply
      .header('access-control-allow-origin', '*')
      .header('access-control-expose-headers', EXPOSED_HEADERS.join(', '));
  });

  api.options(
    '/*',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      reply.header('vary', PREFLIGHT_VARY).header('cache-control', 'no-store');
      const method = request.headers['access-control-request-method'];
      const headers = String(request.headers['access-control-request-headers'] ?? '')
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter(Boolean);
      const allowed =
        typeof method === 'string' &&
        READ_METHODS.has(method) &&
        headers.every((name) => ALLOWED_HEADERS.includes(name)) &&
        readablePath(request.url.split('?')[0]!);
      if (!allowed) throw new AppError(403, errorCodes.forbidden, apiKeyTexts.preflightRefused);
      return reply
        .code(204)
        .header('access-control-allow-origin', '*')
        .header('access-control-allow-methods', 'GET, HEAD')
        .header('access-control-allow-headers', API_KEY_HEADER)
        .header('access-control-max-age', '86400')
        .send();
    },
  );
}
