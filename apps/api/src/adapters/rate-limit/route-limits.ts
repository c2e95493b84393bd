import type { FastifyRequest } from 'fastify';
import { authErrorCodes, signInMessages } from '@si/contracts';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/errors.ts';
import { clientKey } from './client-key.ts';

export interface RouteRateLimit {
  max: number;
  timeWindow: number;
  keyGenerator: (request: FastifyRequest) => string;
}

/** The 429 answer: the product's 'too many requests' message in the API's error shape. */
export function rateLimitedError(): AppError {
  return new AppError(429, authErrorCodes.tooManyRequests, signInMessages.tooManyRequests);
}

/**
 * The limit of each counted action per client address, or undefined when RATE_LIMITS=off.
 * Guest creation has its own, larger allowance (every first visit creates one), and so has the
 * newsletter. The address is Fastify's request.ip: the socket's, unless TRUST_PROXY names the
 * proxies whose X-Forwarded-For may say otherwise.
 */
export function routeRateLimits(config: Config) {
  const maxFor = (bucket: string) =>
    bucket === 'guest'
      ? config.RATE_LIMIT_GUEST_MAX
      : bucket === 'newsletter'
        ? config.RATE_LIMIT_NEWSLETTER_MAX
        : config.RATE_LIMIT_AUTH_MAX;
  return (bucket: string): RouteRateLimit | undefined => {
    if (!config.RATE_LIMITS) return undefined;
    return {
      max: maxFor(bucket),
      timeWindow: config.RATE_LIMIT_WINDOW_MS,
      keyGenerator: (request) => `${bucket}:${clientKey(request.ip)}`,
    };
  };
}
