import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_HEADER, apiKeyErrorCodes, apiKeyTexts } from '@si/contracts';
import { clientKey } from '../../adapters/rate-limit/client-key.ts';
import { rateLimitedError } from '../../adapters/rate-limit/route-limits.ts';
import { createMemoryWindowCounters } from '../../adapters/rate-limit/memory-window-counters.ts';
import type { WindowCounters } from '../../adapters/rate-limit/window-counters.ts';
import type { Config } from '../../config.ts';
import { requestIsPublicRead } from '../../http/cors.ts';
import { AppError } from '../../http/errors.ts';
import { isInProcess } from '../../http/in-process-requests.ts';
import type { PresentedKey, ApiKeyService } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key a public read was made with, if any. */
    apiKey: PresentedKey | null;
  }
}

const KEY_HEADER = API_KEY_HEADER.toLowerCase();

/** Counts one request in its window, sets the rate-limit headers and refuses past the limit. */
async function countAgainst(
  counters: Pick<WindowCounters, 'hit'>,
  reply: FastifyReply,
  { key, max, windowMs }: { key: string; max: number; windowMs: number },
) {
  const { hits, ttlMs } = await counters.hit(key, windowMs);
  const resetSeconds = Math.ceil(ttlMs / 1000);
  reply
    .header('x-ratelimit-limit', max)
    .header('x-ratelimit-remaining', Math.max(0, max - hits))
    .header('x-ratelimit-reset', resetSeconds);
  if (hits > max) {
    reply.header('retry-after', resetSeconds);
    throw rateLimitedError();
  }
}

/**
 * The API's keys at the door (ADR 055), for the scope it is given. A key is read only on public
 * reads: anywhere else it is refused (403), so it never writes nor reads an account's or an
 * owner's data, and its request is answered as the public's even when a cookie or a session
 * token comes with it. A bad key is 401, never taken as no key. Each key has its own limit per
 * window, counted in the database for every process; a request without one counts against its
 * address's, a smaller one, counted in this process's memory so that a public read writes
 * nothing.
 */
export function registerKeyGate(
  api: FastifyInstance,
  { keys, counters, config }: { keys: ApiKeyService; counters: WindowCounters; config: Config },
) {
  api.decorateRequest('apiKey', null);
  const windowMs = config.RATE_LIMIT_WINDOW_MS;
  const addresses = createMemoryWindowCounters();
  api.addHook('onRequest', async (request: FastifyRequest, reply) => {
    // An unknown address is answered 404 as it would be without a key.
    if (!request.routeOptions.config.access) return;
    const presented = request.headers[KEY_HEADER];
    const publicRead = requestIsPublicRead(request);
    if (presented === undefined) {
      if (publicRead && config.RATE_LIMITS && !isInProcess(request)) {
        await countAgainst(addresses, reply, {
          key: `public-api:${clientKey(request.ip)}`,
          max: config.RATE_LIMIT_PUBLIC_API_MAX,
          windowMs,
        });
      }
      return;
    }
    if (!publicRead) throw new AppError(403, apiKeyErrorCodes.readOnly, apiKeyTexts.readOnly);
    request.apiKey = await keys.admit(String(presented));
    // The public's answer, whatever session the request also carries.
    request.visitor = async () => null;
    if (config.RATE_LIMITS) {
      await countAgainst(counters, reply, {
        key: `api-key:${request.apiKey.id}`,
        max: config.RATE_LIMIT_API_KEY_MAX,
        windowMs,
      });
    }
  });
}
