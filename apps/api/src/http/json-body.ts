import type { FastifyInstance } from 'fastify';
import { errorCodes } from '@si/contracts';
import { AppError } from './errors.ts';

/** No request body of the API needs more; images travel as multipart with their own limit. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;
/** No request body of the API nests deeper than a few levels. */
export const JSON_MAX_DEPTH = 32;

/**
 * The deepest nesting of objects and arrays in a JSON text, counted without parsing it, so a
 * body nested a hundred thousand levels deep is refused before anything recurses into it.
 */
export function jsonDepth(text: string, stopAbove: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAbove) return deepest;
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) depth--;
  }
  return deepest;
}

/**
 * JSON bodies are parsed by Fastify's own parser (which refuses `__proto__` and `constructor`
 * keys) after a size limit and a depth check, both answered with a 4xx in the API's shape.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT_BYTES },
    (request, body, done) => {
      const text = body as string;
      if (jsonDepth(text, JSON_MAX_DEPTH) > JSON_MAX_DEPTH) {
        done(
          new AppError(
            400,
            errorCodes.badRequest,
            `The request body is nested more than ${JSON_MAX_DEPTH} levels deep.`,
          ),
          undefined,
        );
        return;
      }
      parse(request, text, done);
    },
  );
}
