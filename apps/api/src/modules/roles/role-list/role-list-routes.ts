import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, RoleListItem, RoleListMeta, RoleListQuery, listEnvelope } from '@si/contracts';
import { listCompression } from '../../../http/answer-compression.ts';
import type { RoleListing } from './role-listing.ts';

/**
 * JSON already serialized in the shape the response schema documents, sent as it is: like the
 * directory's list, the body is bytes the index joined (ADR 018, ADR 044).
 */
function preSerializedJson(body: Buffer): never {
  return body as unknown as never;
}

/** GET /api/roles: every open role of published organizations (ADR 044). */
export const roleListRoutes: FastifyPluginAsyncZod<{ listing: RoleListing }> = async (
  app,
  { listing },
) => {
  app.get(
    '/roles',
    {
      compress: listCompression,
      config: { cache: 'directory', access: 'public' },
      schema: {
        tags: ['roles'],
        summary: 'Every open role of published organizations, newest first, paged by cursor',
        description:
          'Open: not closed, not held, closing date today or later (UTC). kind: comma-joined role kinds, any one matches. remote=true: remote roles only. country: on-site and hybrid roles in that country, and remote roles open to it or to anywhere (ALL: no particular country). categories: comma-joined ids of the organization’s categories; a role matches when its organization has every one. q: prefix text search over the title and the organization’s name. meta.total counts every match.',
        querystring: RoleListQuery,
        response: { 200: listEnvelope(RoleListItem, RoleListMeta), 400: ErrorBody },
      },
    },
    async (request, reply) => {
      const page = await listing.listOpenRoles(request.query);
      // The same URL against the same index state (and day) is the same page.
      const tag = `W/"${page.state}.${createHash('sha1').update(request.url).digest('base64url')}"`;
      return reply
        .type('application/json; charset=utf-8')
        .header('etag', tag)
        .send(preSerializedJson(page.body));
    },
  );
};
