import type { FastifyRequest } from 'fastify';
import { ADMIN_PAGE_SIZE, ErrorBody } from '@si/contracts';
import type { Actor, OperatorService } from './service.ts';

/** What each of the console's route plugins is registered with, inside operatorRoutes. */
export interface ConsoleRouteOptions {
  operators: OperatorService;
  /** The operator the API's access hook let in (every console route is 'operator'). */
  actor: (request: FastifyRequest) => Actor;
}

export const admin = { tags: ['admin'] };

export const refusals = { 401: ErrorBody, 403: ErrorBody };

/** A list's meta: the page asked for, its size and the whole list's count. */
export const page = (query: { page: number }, total: number) => ({
  page: query.page,
  pageSize: ADMIN_PAGE_SIZE,
  total,
});
