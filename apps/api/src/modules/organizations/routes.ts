import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Country,
  ErrorBody,
  Organization,
  OrganizationListMeta,
  OrganizationListQuery,
  OrganizationSummary,
  dataEnvelope,
  listEnvelope,
} from '@si/contracts';
import { publicAccess } from '../../http/openapi.ts';
import type { OrganizationService } from './service.ts';

export const organizationRoutes: FastifyPluginAsyncZod<{
  organizations: OrganizationService;
}> = async (app, { organizations }) => {
  app.get(
    '/organizations',
    {
      schema: {
        tags: ['organizations'],
        security: publicAccess,
        summary: 'Published organizations, filtered, searched and paged by cursor',
        description:
          'country: organizations with country ALL match every country. categories: comma-joined ids; an organization matches when it has every one. q: prefix text search over name, description and location. meta.facets counts matching organizations per category.',
        querystring: OrganizationListQuery,
        response: { 200: listEnvelope(OrganizationSummary, OrganizationListMeta), 400: ErrorBody },
      },
    },
    async (request, reply) => {
      // The service builds pages in the documented shape; serializing them directly spares the
      // busiest route a second validation of every item on the way out.
      reply.type('application/json; charset=utf-8').serializer(JSON.stringify);
      return organizations.list(request.query);
    },
  );

  app.get(
    '/organizations/active-countries',
    {
      schema: {
        tags: ['organizations'],
        security: publicAccess,
        summary: 'Countries that have at least one published organization',
        response: { 200: dataEnvelope(z.array(Country)) },
      },
    },
    async () => ({ data: await organizations.activeCountries() }),
  );

  app.get(
    '/organizations/:id',
    {
      schema: {
        tags: ['organizations'],
        security: publicAccess,
        summary: 'One published organization',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: dataEnvelope(Organization), 404: ErrorBody },
      },
    },
    async (request) => ({ data: await organizations.getPublished(request.params.id) }),
  );
};
