import etag from '@fastify/etag';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Who may keep an API answer, and for how long (ADR 016). A public read names its policy in its
 * route config, `config: { cache: 'directory' }`; every other read is private.
 *
 * - `directory`: the directory's lists and counts, kept for `DIRECTORY_CACHE_MS` (ADR 018);
 * - `reference`: reference data and site settings, which change only with a deploy;
 * - `revalidate`: public, but every cache asks again each time (an organization's profile).
 */
export type CachePolicy = 'directory' | 'reference' | 'revalidate';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer is the same for every visitor, and shared caches may keep it (ADR 016). */
    cache?: CachePolicy;
  }
}

export const REFERENCE_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';
export const REVALIDATE_CACHE = 'public, no-cache';
/** An answer under a name that changes with its content (a hashed build file, a versioned URL). */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Reads that depend on who asks: no cache anywhere keeps them. */
export const PRIVATE_CACHE = 'private, no-store';
/** Error answers: never kept, so a fix or a publication shows at once. */
export const ERROR_CACHE = 'no-store';

/**
 * The directory answers from its in-process index, always current (ADR 018): caches in front
 * keep an answer for `DIRECTORY_CACHE_MS` and serve it stale for four times that while they
 * fetch a new one. At 0, caches ask again every time.
 */
export function directoryCacheControl(directoryCacheMs: number): string {
  const seconds = Math.ceil(directoryCacheMs / 1000);
  return seconds > 0
    ? `public, max-age=${seconds}, stale-while-revalidate=${seconds * 4}`
    : REVALIDATE_CACHE;
}

/** If-None-Match holds the current entity tag: compared weakly (RFC 9110 13.1.2), or `*`. */
export function matchesIfNoneMatch(header: string | undefined, entityTag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(entityTag));
}

function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const current = vary === undefined ? [] : [vary].flat().map(String);
  if (!current.some((value) => /accept-encoding|\*/i.test(value))) {
    reply.header('vary', [...current, 'accept-encoding'].join(', '));
  }
}

/**
 * Cache-Control, ETag and conditional GETs for the API scope it is given (the pages outside it
 * set their own). Call it in that scope before its routes.
 *
 * @fastify/etag hashes every string or Buffer body into a weak tag (the same entity goes out as
 * brotli, gzip or identity). It is an instance hook, so it runs before @fastify/compress, which
 * hooks each route, and hashes the uncompressed body. Its own 304 is off: it would answer one
 * to any method and status. The hook below keeps the tag on public answers only and answers a
 * matching If-None-Match with 304 and no body.
 */
export async function registerCacheControl(
  api: FastifyInstance,
  { directoryCacheMs }: { directoryCacheMs: number },
): Promise<void> {
  const policies: Record<CachePolicy, string> = {
    directory: directoryCacheControl(directoryCacheMs),
    reference: REFERENCE_CACHE,
    revalidate: REVALIDATE_CACHE,
  };
  await api.register(etag, { weak: true, replyWith304: false });

  api.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400) {
      reply.header('cache-control', ERROR_CACHE).removeHeader('etag');
      return payload;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      reply.removeHeader('etag');
      return payload;
    }
    // A handler that set its own (an owner's unpublished profile: private) knows this answer.
    if (!reply.hasHeader('cache-control')) {
      const policy = request.routeOptions.config.cache;
      const success = reply.statusCode >= 200 && reply.statusCode < 300;
      reply.header('cache-control', policy && success ? policies[policy] : PRIVATE_CACHE);
    }
    if (!/\bpublic\b/.test(String(reply.getHeader('cache-control')))) {
      reply.removeHeader('etag');
      return payload;
    }
    varyOnEncoding(reply);
    const entityTag = reply.getHeader('etag');
    if (
      typeof entityTag === 'string' &&
      matchesIfNoneMatch(request.headers['if-none-match'], entityTag)
    ) {
      reply.code(304).removeHeader('content-type');
      // HEAD: Fastify's own hook measures the body it drops, and sends none.
      return request.method === 'HEAD' ? payload : null;
    }
    return payload;
  });
}
