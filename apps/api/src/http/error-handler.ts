import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { apiMessages, errorCodes, type ErrorBody } from '@si/contracts';
import { AppError } from './errors.ts';

/** One shape for every API error: `{ error: { code, message, fields? } }`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = {
        error: {
          code: error.code,
          message: error.message,
          ...(error.fields && { fields: error.fields }),
        },
      };
      return reply.code(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.slice(1).replaceAll('/', '.') || '_';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.entries(fields)[0];
      const message = first
        ? first[0] === '_'
          ? first[1]
          : `${first[0]}: ${first[1]}`
        : 'Invalid request';
      const body: ErrorBody = { error: { code: errorCodes.validation, message, fields } };
      return reply.code(400).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .code(429)
        .send({ error: { code: errorCodes.rateLimited, message: error.message } });
    }
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ error: { code: error.code ?? errorCodes.badRequest, message: error.message } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .send({ error: { code: errorCodes.internal, message: apiMessages.internal } });
  });
}
