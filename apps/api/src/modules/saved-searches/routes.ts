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
import { savedSearchSavers } from './savers.ts';
import type { SavedSearchService } from './service.ts';

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const Params = z.object({ id: z.string().max(100) });

/** Saved searches (ADR 034): the owner's calls, the alert's unsubscribe link, the console's figures. */
export const savedSearchRoutes: FastifyPluginAsyncZod<{
  savedSearches: SavedSearchService;
}> = async (app, { savedSearches }) => {
  const tags = ['saved-searches'];

  app.post(
    '/saved-searches',
    {
      schema: {
        tags,
        summary: 'Save the directory search, with a name and how often to email what is new',
        description:
          'A permanent account with a verified email, at most 20 searches; unknown categories or countries are refused as the list refuses them.',
        body: CreateSavedSearchRequest,
        response: { 201: dataEnvelope(SavedSearch), 409: ErrorBody, ...refusals },
      },
      config: { access: { signedIn: savedSearchSavers } },
      // A request from before searches could follow roles says nothing of what it follows.
      preValidation: async (request) => {
        const body = request.body as Record<string, unknown> | null;
        if (body && typeof body === 'object' && !Array.isArray(body) && !('follows' in body)) {
          body.follows = 'organizations';
        }
      },
    },
    async (request, reply) => {
      const saved = await savedSearches.create(request.caller, request.body);
      return reply.status(201).send({ data: saved });
    },
  );

  app.get(
    '/saved-searches',
    {
      schema: {
        tags,
        summary: "The caller's saved searches, newest first",
        response: { 200: dataEnvelope(z.array(SavedSearch)), ...refusals },
      },
      config: { access: { signedIn: savedSearchSavers } },
    },
    async (request) => ({
      data: await savedSearches.list(request.caller),
    }),
  );

  app.delete(
    '/saved-searches/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of the caller’s saved searches (its alerts stop)',
        params: Params,
        response: {
          200: dataEnvelope(z.object({ deleted: z.literal(true) })),
          404: ErrorBody,
          ...refusals,
        },
      },
      config: { access: { signedIn: savedSearchSavers } },
    },
    async (request) => {
      await savedSearches.remove(request.caller, request.params.id);
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
        response: { 200: dataEnvelope(AdminSavedSearchStats), 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: 'operator' },
    },
    async (request) => ({
      data: await savedSearches.stats(request.operator!),
    }),
  );
};
