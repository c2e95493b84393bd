import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Category, CategoryGroup, Country, FaqItem, dataEnvelope } from '@si/contracts';
import { publicAccess } from '../../http/openapi.ts';
import type { ReferenceService } from './service.ts';

const cacheFor = (seconds: number) =>
  `public, max-age=${seconds}, stale-while-revalidate=${seconds * 10}`;

export const referenceRoutes: FastifyPluginAsyncZod<{ reference: ReferenceService }> = async (
  app,
  { reference },
) => {
  app.get(
    '/category-groups',
    {
      schema: {
        tags: ['reference'],
        security: publicAccess,
        summary: 'Category groups, in display order',
        response: { 200: dataEnvelope(z.array(CategoryGroup)) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', cacheFor(300));
      return { data: await reference.categoryGroups() };
    },
  );

  app.get(
    '/categories',
    {
      schema: {
        tags: ['reference'],
        security: publicAccess,
        summary: 'Every category that can be shown, with its group',
        response: { 200: dataEnvelope(z.array(Category)) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', cacheFor(300));
      return { data: await reference.categories() };
    },
  );

  app.get(
    '/countries',
    {
      schema: {
        tags: ['reference'],
        security: publicAccess,
        summary: 'All ISO 3166-1 countries with flag emoji',
        response: { 200: dataEnvelope(z.array(Country)) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', cacheFor(3600));
      return { data: await reference.countries() };
    },
  );

  app.get(
    '/faqs',
    {
      schema: {
        tags: ['reference'],
        security: publicAccess,
        summary: 'Frequently asked questions with their categories',
        response: { 200: dataEnvelope(z.array(FaqItem)) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', cacheFor(300));
      return { data: await reference.faqs() };
    },
  );
};
