import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SiteInfo, dataEnvelope } from '@si/contracts';

/**
 * Contact details, the data-deletion subject line and the parent brands are settings
 * (docs/product.md#static-pages).
 */
export const siteRoutes: FastifyPluginAsyncZod<{ site: SiteInfo }> = async (app, { site }) => {
  app.get(
    '/site',
    {
      config: { cache: 'reference', access: 'public' },
      schema: {
        tags: ['reference'],
        summary: 'Contact details and parent brands shown on the Contact, About and Privacy pages',
        response: { 200: dataEnvelope(SiteInfo) },
      },
    },
    async () => ({ data: site }),
  );
};
