import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Category, CategoryGroup, Country, FaqItem, dataEnvelope } from '@si/contracts';
import { publicAccess } from '../../http/openapi.ts';
import type { ReferenceService } from './service.ts';

export const referenceRoutes: FastifyPluginAsyncZod<{ reference: ReferenceService }> = async (
  app,
  { reference },
) => {
  app.get(
    '/category-groups',
    {
      config: { cache: 'reference' },
      schema: {
        tags: ['reference'],
        security: publicAccess,
        summary: 'Category groups, in display order',
        response: { 200: dataEnvelope(z.array(CategoryGroup)) },
      },
    },
    async () => ({ data: await reference.categoryGroups() }),
  );

  app.get(
    '/categories',
    {
      config: { cache: 'reference' },
      schema: {
        tags: ['reference'],
        security: publicAccess,
        summary: 'Every category that can be shown, with its group',
        response: { 200: dataEnvelope(z.array(Category)) },
      },
    },
    async () => ({ data: await reference.categories() }),
  );

  app.get(
    '/countries',
    {
      config: { cache: 'reference' },
      schema: {
        tags: ['reference'],
        security: publicAccess,
        summary: 'All ISO 3166-1 countries with flag emoji',
        response: { 200: dataEnvelope(z.array(Country)) },
      },
    },
    async () => ({ data: await reference.countries() }),
  );

  app.get(
    '/faqs',
    {
      config: { cache: 'reference' },
      schema: {
        tags: ['reference'],
        security: publicAccess,
        summary: 'Frequently asked questions with their categories',
        response: { 200: dataEnvelope(z.array(FaqItem)) },
      },
    },
    async () => ({ data: await reference.faqs() }),
  );
};
