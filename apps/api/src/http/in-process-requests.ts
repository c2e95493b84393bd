import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const HEADER = 'x-si-in-process';
/** Made anew by each process and never sent out: no client can present it. */
const token = randomBytes(24).toString('hex');

/**
 * The headers of a request the server makes to itself (a page's render asking the API): such a
 * request is part of a visitor's page request, already counted, so the public API's per-address
 * limit leaves it alone (ADR 055); without this, every render would share one loopback address.
 */
export const inProcessHeaders = { [HEADER]: token };

export const isInProcess = (request: FastifyRequest) => request.headers[HEADER] === token;
