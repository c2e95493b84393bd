import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { apiMessages, errorCodes, refusalMessages, type ErrorBody } from '@si/contracts';
import { alertCodes } from '../metrics/alert-codes.ts';
import { isDatabaseUnavailable } from './database-unavailable.ts';
import { AppError } from './errors.ts';
import { loggableError } from './loggable-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The stable code a 500 on this route is logged with (docs/operations/metrics.md). */
    failureCode?: string;
  }
}

/** Fastify's own 4xx codes, answered with the API's codes and wording. */
const frameworkAnswers: Record<string, { code: string; message?: string }> = {
  FST_ERR_BAD_URL: { code: errorCodes.badRequest, message: refusalMessages.malformedUrl },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: errorCodes.payloadTooLarge,
    message: refusalMessages.payloadTooLarge,
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: errorCodes.unsupportedMediaType,
    message: refusalMessages.unsupportedMediaType,
  },
};

function clientError(error: FastifyError, status: number): ErrorBody {
  if (status === 429) return { error: { code: errorCodes.rateLimited, message: error.message } };
  const known = error.code ? frameworkAnswers[error.code] : undefined;
  if (known) return { error: { code: known.code, message: known.message ?? error.message } };
  const code =
    !error.code || error.code.startsWith('FST_')
      ? status === 404
        ? errorCodes.notFound
        : errorCodes.badRequest
      : error.code;
  return { error: { code, message: error.message } };
}

/** The answer's body for an error the services raise. */
export function appErrorBody(error: AppError): ErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields && { fields: error.fields }),
    },
  };
}

/** One shape for every API error: `{ error: { code, message, fields? } }`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return reply.code(error.statusCode).send(appErrorBody(error));
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
    if (status >= 400 && status < 500) return reply.code(status).send(clientError(error, status));
    const code = isDatabaseUnavailable(error)
      ? alertCodes.databaseUnavailable
      : (request.routeOptions.config.failureCode ?? alertCodes.requestFailed);
    request.log.error({ err: loggableError(error), code }, 'request failed');
    return reply
      .code(500)
      .send({ error: { code: errorCodes.internal, message: apiMessages.internal } });
  });
}

/**
 * Errors Fastify raises before routing (a malformed %-escape in the path, a parameter over
 * the length limit), in the same shape as every other answer.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).send(clientError(error, status));
}

/** What Node's HTTP parser refuses before Fastify sees a request, by the parser's error code. */
const parserRefusals: Record<string, { status: number; code: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'REQUEST_TIMEOUT',
    message: 'The request took too long to arrive.',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'HEADERS_TOO_LARGE',
    message: 'The address or headers of the request are too large.',
  },
};

/**
 * Requests Node's HTTP parser refuses (raw control bytes in the path, headers too large)
 * answered in the API's shape too; the socket is closed after, as Node itself does.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal = (error.code && parserRefusals[error.code]) || {
    status: 400,
    code: errorCodes.badRequest,
    message: refusalMessages.malformedRequest,
  };
  const body = JSON.stringify({ error: { code: refusal.code, message: refusal.message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
