import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { notFound } from '../../http/errors.ts';
import { publicAccess, sessionRequired } from '../../http/openapi.ts';
import type { Identity } from '../../identity/better-auth.ts';
import { readSession } from '../../identity/session.ts';
import type { SavedSearchService } from './service.ts';

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
const Params = z.object({ id: z.string().max(100) });
const Unsubscribe = z.object({
  search: z.string().max(100).default(''),
  expires: z.string().max(20).default(''),
  token: z.string().max(200).default(''),
});
/** The page an unsubscribe link ends on (the web app's). */
const UNSUBSCRIBED_PAGE = `/unsubscribed?list=${SAVED_SEARCH_UNSUBSCRIBE_LIST}`;

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

  app.get(
    '/saved-searches/unsubscribe',
    {
      schema: {
        tags,
        // A link in an email, not a call: it answers with a redirect to a page.
        hide: true,
        summary: "An alert's unsubscribe link: deletes the search, then shows the result page",
        description: 'No sign-in: the token proves the link. Redirects to /unsubscribed.',
        security: publicAccess,
        querystring: Unsubscribe,
        response: { 303: z.null() },
      },
    },
    async (request, reply) => {
      const failed = await savedSearches.unsubscribe(request.query);
      return reply
        .header('cache-control', 'no-store')
        .redirect(failed ? `${UNSUBSCRIBED_PAGE}&error=${failed}` : UNSUBSCRIBED_PAGE, 303);
    },
  );

  // A mail client's one-click unsubscribe (RFC 8058): a form POST from the provider's servers,
  // with no Origin of ours and no session; the token in the address is the proof.
  await app.register(async (plain) => {
    const oneClick = plain.withTypeProvider<ZodTypeProvider>();
    oneClick.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    oneClick.post(
      '/saved-searches/unsubscribe',
      {
        config: { crossSiteExempt: true },
        schema: {
          tags,
          summary: "One-click unsubscribe from a saved search's alert (RFC 8058)",
          security: publicAccess,
          querystring: Unsubscribe,
          response: {
            200: dataEnvelope(z.object({ unsubscribed: z.literal(true) })),
            404: ErrorBody,
          },
        },
      },
      async (request) => {
        const failed = await savedSearches.unsubscribe(request.query);
        if (failed) throw notFound(savedSearchTexts.unsubscribeFailed[failed]);
        return { data: { unsubscribed: true as const } };
      },
    );
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
