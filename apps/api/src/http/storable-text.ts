import type { FastifyInstance } from 'fastify';
import { errorCodes, isStorableText, unstorableTextMessage } from '@si/contracts';
import { AppError } from './errors.ts';

/**
 * The first place in a parsed query, path or body holding text PostgreSQL cannot store (a NUL
 * character or an unpaired surrogate), as a dotted path, or null when there is none.
 */
export function findUnstorableText(value: unknown, at = ''): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : at || '_';
  // A raw body (the payment webhook's) is bytes for its route to check, not fields.
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const path = at ? `${at}.${key}` : key;
    if (!isStorableText(key)) return path;
    const found = findUnstorableText(item, path);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses, before any route sees it, text that PostgreSQL would refuse with an error: every
 * query value, path parameter and body field of every route, including those added later.
 */
export function registerStorableTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findUnstorableText(part);
      if (field) {
        throw new AppError(400, errorCodes.validation, unstorableTextMessage, {
          [field]: unstorableTextMessage,
        });
      }
    }
  });
}
