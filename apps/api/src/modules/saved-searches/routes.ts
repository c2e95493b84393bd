import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminSavedSearchStats,
  CreateSavedSearchRequest,
  ErrorBody,
  SAVED_SEARCH_UNSUBSCRIBE_LIST,
  SavedSearch,
  dataEnvelope,
  savedSearchTexts,
} from '@si/contracts';
import { oneClickUnsubscribeRoutes } from '../../http/one-click-unsubscribe.ts';
import { sessionRequired } from '../../http/openapi.ts';
import type { Identity } from '../../identity/better-auth.ts';
import { readSession } from '../../identity/session.ts';
import type { SavedSearchService } from './service.ts';

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const Params = z.object({ id: z.string().max(100) });

/** Saved searches (ADR 034): the owner's calls, the alert's unsubscribe link, the console's figures. */
export const savedSearchRoutes: FastifyPluginAsyncZod<{
  savedSearches: SavedSearchService;
  identity: Identity;
}> = async (app, { savedSearches, identity }) => {
  const tags = ['saved-searches'];

  app.post(
    '/saved-searches',
    {
      schema: {
        tags,
        summary: 'Save the directory search, with a name and how often to email what is new',
        description:
          'A permanent account with a verified email, at most 20 searches; unknown categories or countries are refused as the list refuses them.',
        security: sessionRequired,
        body: CreateSavedSearchRequest,
        response: { 201: dataEnvelope(SavedSearch), 409: ErrorBody, ...refusals },
      },
    },
    async (request, reply) => {
      const saved = await savedSearches.create(
        await readSession(identity, request, reply),
        request.body,
      );
      return reply.status(201).send({ data: saved });
    },
  );

  app.get(
    '/saved-searches',
    {
      schema: {
        tags,
        summary: "The caller's saved searches, newest first",
        security: sessionRequired,
        response: { 200: dataEnvelope(z.array(SavedSearch)), ...refusals },
      },
    },
    async (request, reply) => ({
      data: await savedSearches.list(await readSession(identity, request, reply)),
    }),
  );

  app.delete(
    '/saved-searches/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of the caller’s saved searches (its alerts stop)',
        security: sessionRequired,
        params: Params,
        response: {
          200: dataEnvelope(z.object({ deleted: z.literal(true) })),
          404: ErrorBody,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      await savedSearches.remove(await readSession(identity, request, reply), request.params.id);
      return { data: { deleted: true as const } };
    },
  );

  await app.register(oneClickUnsubscribeRoutes, {
    list: SAVED_SEARCH_UNSUBSCRIBE_LIST,
    path: '/saved-searches/unsubscribe',
    tags,
    params: ['search', 'expires'],
    what: "a saved search's alert",
    unsubscribe: async (link) =>
      (await savedSearches.unsubscribe({
        search: link.search ?? '',
        expires: link.expires ?? '',
        token: link.token ?? '',
      })) ?? 'done',
    // The alert's POST says why nothing changed, whatever the reason (its links also expire).
    refusal: (outcome) => savedSearchTexts.unsubscribeFailed[outcome],
  });

  app.get(
    '/admin/saved-searches',
    {
      schema: {
        tags: ['admin'],
        summary: 'Saved searches in figures and the last alert run (operators)',
        security: sessionRequired,
        response: { 200: dataEnvelope(AdminSavedSearchStats), 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => ({
      data: await savedSearches.stats(await readSession(identity, request, reply)),
    }),
  );
};
