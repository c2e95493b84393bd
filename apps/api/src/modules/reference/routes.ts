import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Category, CategoryGroup, Country, FaqItem, dataEnvelope } from '@si/contracts';
import type { FastifyReply } from 'fastify';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from '../../http/cache-control.ts';
import type { ReferenceService } from './service.ts';

/**
 * A server-rendered page names the reference version it was rendered with (ADR 027): under the
 * current version the answer never changes, so the browser keeps it for good; under another,
 * it is the current answer, which nobody may keep under that name.
 */
const VersionedQuery = z.object({
  v: z
    .string()
    .max(64)
    .optional()
    .describe('The reference version a page names; when current, the answer is immutable'),
});

export const referenceRoutes: FastifyPluginAsyncZod<{ reference: ReferenceService }> = async (
  app,
  { reference },
) => {
  async function keepWhenCurrent(reply: FastifyReply, version: string | undefined) {
    if (version === undefined) return;
    const current = (await reference.snapshot()).version;
    reply.header('cache-control', version === current ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
  }

  app.get(
    '/category-groups',
    {
      config: { cache: 'reference', access: 'public' },
      schema: {
        tags: ['reference'],
        querystring: VersionedQuery,
        summary: 'Category groups, in display order',
        response: { 200: dataEnvelope(z.array(CategoryGroup)) },
      },
    },
    async (request, reply) => {
      await keepWhenCurrent(reply, request.query.v);
      return { data: await reference.categoryGroups() };
    },
  );

  app.get(
    '/categories',
    {
      config: { cache: 'reference', access: 'public' },
      schema: {
        tags: ['reference'],
        querystring: VersionedQuery,
        summary: 'Every category that can be shown, with its group',
        response: { 200: dataEnvelope(z.array(Category)) },
      },
    },
    async (request, reply) => {
      await keepWhenCurrent(reply, request.query.v);
      return { data: await reference.categories() };
    },
  );

  app.get(
    '/countries',
    {
      config: { cache: 'reference', access: 'public' },
      schema: {
        tags: ['reference'],
        querystring: VersionedQuery,
        summary: 'All ISO 3166-1 countries with flag emoji',
        response: { 200: dataEnvelope(z.array(Country)) },
      },
    },
    async (request, reply) => {
      await keepWhenCurrent(reply, request.query.v);
      return { data: await reference.countries() };
    },
  );

  app.get(
    '/faqs',
    {
      config: { cache: 'reference', access: 'public' },
      schema: {
        tags: ['reference'],
        summary: 'Frequently asked questions with their categories',
        response: { 200: dataEnvelope(z.array(FaqItem)) },
      },
    },
    async () => ({ data: await reference.faqs() }),
  );
};
