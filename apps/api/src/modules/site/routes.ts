import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SiteInfo, dataEnvelope } from '@si/contracts';
import { publicAccess } from '../../http/openapi.ts';

/** Contact details and the data-deletion subject line are settings (DECISIONS.md 'Other screens'). */
export const siteRoutes: FastifyPluginAsyncZod<{ site: SiteInfo }> = async (app, { site }) => {
  app.get(
    '/site',
    {
      config: { cache: 'reference' },
      schema: {
        tags: ['reference'],
        security: publicAccess,
        summary: 'Contact details shown on the Contact, About and Privacy pages',
        response: { 200: dataEnvelope(SiteInfo) },
      },
    },
    async () => ({ data: site }),
  );
};
