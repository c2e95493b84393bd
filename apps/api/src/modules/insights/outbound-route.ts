import type { FastifyReply } from 'fastify';
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
import type { RoleService } from '../roles/service.ts';
import type { InsightsService } from './service.ts';

const Params = z.object({ id: z.string().max(100), link: z.string().max(20) });
const RoleParams = z.object({ id: z.string().max(100), roleId: z.string().max(100) });

/** A redirect that is counted: never kept by a cache, and the target learns only our origin. */
const redirectCounted = (reply: FastifyReply, target: string) =>
  reply
    .code(302)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'origin')
    .redirect(target);

/**
 * GET /out/:id/:link: a profile's outbound link, counted, then followed (a plain link works
 * without JavaScript). It goes only where the published profile's own link of that kind goes:
 * an unknown, unpublished or linkless profile, or another kind, is a 404 that says no more.
 */
export const outboundRoute: FastifyPluginAsyncZod<{
  organizations: OrganizationService;
  roles: RoleService;
  insights: InsightsService;
}> = async (app, { organizations, roles, insights }) => {
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
      return redirectCounted(reply, target);
    },
  );

  app.get(
    '/out/:id/roles/:roleId/apply',
    {
      schema: {
        tags: ['insights'],
        summary: "Follow an open role's Apply link or address (counted as an apply click)",
        description:
          'An open role of a published organization only, as anyone sees it: an unknown role or organization is 404, a role no longer open 410 (ROLE_CLOSED).',
        params: RoleParams,
        response: { 302: z.null(), 404: ErrorBody, 410: ErrorBody },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { id, roleId } = request.params;
      // Asked as a visitor who is not signed in: the owner's own closed role is gone here too.
      const { data: role } = await roles.get(id, roleId, async () => null);
      insights.countRole(request, role.organizationId, role.id, 'applies');
      return redirectCounted(reply, role.apply);
    },
  );
};
