import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiMessages,
  clickMetric,
  ErrorBody,
  isHttpUrl,
  OutboundLink,
  outboundLinkField,
} from '@si/contracts';
import { notFound } from '../../http/errors.ts';
import type { OrganizationService } from '../organizations/service.ts';
import type { InsightsService } from './service.ts';

const Params = z.object({ id: z.string().max(100), link: z.string().max(20) });

/**
 * GET /out/:id/:link: a profile's outbound link, counted, then followed (a plain link works
 * without JavaScript). It goes only where the published profile's own link of that kind goes:
 * an unknown, unpublished or linkless profile, or another kind, is a 404 that says no more.
 */
export const outboundRoute: FastifyPluginAsyncZod<{
  organizations: OrganizationService;
  insights: InsightsService;
}> = async (app, { organizations, insights }) => {
  app.get(
    '/out/:id/:link',
    {
      schema: {
        tags: ['insights'],
        summary: "Follow a published profile's outbound link (counted as a click)",
        params: Params,
        response: { 302: z.null(), 404: ErrorBody },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { id, link } = request.params;
      const kind = OutboundLink.safeParse(link);
      const organization = kind.success ? await organizations.getPublished(id) : null;
      const target = kind.success ? organization?.[outboundLinkField[kind.data]] : null;
      // A link stored before links were refused with control characters is a 404 too, never
      // a Location header that cannot be sent.
      if (!kind.success || !target || !isHttpUrl(target))
        throw notFound(apiMessages.organizationNotFound(id));
      insights.count(request, [organization!.id], clickMetric(kind.data));
      return reply
        .code(302)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'origin')
        .redirect(target);
    },
  );
};
