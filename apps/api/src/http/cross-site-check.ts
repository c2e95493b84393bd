import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCodes, refusalMessages } from '@si/contracts';
import { AppError } from './errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Why a request must be refused as cross-site, or null when it may go on. A browser names the
 * page that sent a request in Origin (or, without it, in Sec-Fetch-Site); only the product's own
 * pages may change state with the visitor's cookies. A bearer token is never sent by a browser
 * on its own, so requests carrying one and no cookies are not forgeable this way. A client sending neither header nor
 * cookies (an API client, a payment provider's webhook) carries no ambient authority to abuse.
 */
export function crossSiteRefusal(request: FastifyRequest, publicOrigin: string): string | null {
  if (!STATE_CHANGING.has(request.method)) return null;
  // A route that proves its caller otherwise (the payment webhook's signature, the one-click
  // unsubscribe's token) and reads no session says so in its config; it is the only kind of
  // exception.
  if ((request.routeOptions.config as { crossSiteExempt?: boolean }).crossSiteExempt) return null;
  // A bearer client is exempt only without cookies: with them, the session might be the cookie's.
  const bearer = /^bearer\s/i.test(request.headers.authorization ?? '');
  if (bearer && !request.headers.cookie) return null;
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === publicOrigin ? null : 'foreign origin';
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' ? null : `sec-fetch-site ${site}`;
  return request.headers.cookie ? 'cookie without origin' : null;
}

/**
 * One check, at the front of every request, so routes added later are covered by default:
 * state-changing requests from other sites are refused before a body is read or a session
 * looked up. Refusals are expected traffic, logged at info.
 */
export function registerCrossSiteCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    const refusal = crossSiteRefusal(request, publicOrigin);
    if (!refusal) return;
    request.log.info(
      { reason: refusal, origin: request.headers.origin, method: request.method },
      'cross-site request refused',
    );
    throw new AppError(403, errorCodes.crossSite, refusalMessages.crossSite);
  });
}
