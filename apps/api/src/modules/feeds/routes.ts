import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  FEED_ENTRIES,
  OrganizationFeedQuery,
  RoleFeedQuery,
  feedPaths,
  feedTexts,
  roleKindNames,
  roleWorkplaceNames,
  type RoleListItem,
} from '@si/contracts';
import {
  ERROR_CACHE,
  directoryCacheControl,
  matchesIfNoneMatch,
} from '../../http/cache-control.ts';
import { organizationUrl, roleUrl } from '../../pages/spa-routes.ts';
import type { ReferenceService } from '../reference/service.ts';
import type { RoleListing } from '../roles/role-list/role-listing.ts';
import { atomDocument, rssDocument, type Feed, type FeedEntry } from './feed-xml.ts';
import type { NewlyPublished, createNewlyPublished } from './newly-published.ts';

const formats = {
  atom: { type: 'application/atom+xml; charset=utf-8', write: atomDocument },
  rss: { type: 'application/rss+xml; charset=utf-8', write: rssDocument },
} as const;
type Format = keyof typeof formats;

/** The query exactly as asked, `?` included, or nothing. */
const searchOf = (request: FastifyRequest) => {
  const at = request.url.indexOf('?');
  return at === -1 ? '' : request.url.slice(at);
};

export interface FeedRoutesOptions {
  publicUrl: string;
  /** Caches keep a feed as long as the directory's lists (ADR 016, 018). */
  directoryCacheMs: number;
  newlyPublished: ReturnType<typeof createNewlyPublished>;
  roles: Pick<RoleListing, 'listOpenRoles'>;
  reference: Pick<ReferenceService, 'snapshot'>;
}

/**
 * GET /feeds/organizations.{atom,rss} and /feeds/roles.{atom,rss} (ADR 053): the newest
 * published organizations and open roles, filtered by the directory's and /roles' own query
 * schemas. Public and the same for everybody: kept by caches as the directory's list is, with
 * an ETag of the document.
 */
export const feedRoutes: FastifyPluginAsyncZod<FeedRoutesOptions> = async (app, options) => {
  const { publicUrl, newlyPublished, roles, reference } = options;
  const cacheControl = directoryCacheControl(options.directoryCacheMs);

  // Outside /api, the API's cache hook does not run: a refusal is never kept.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode >= 400) reply.header('cache-control', ERROR_CACHE);
    return payload;
  });

  function send(request: FastifyRequest, reply: FastifyReply, format: Format, feed: Feed) {
    const body = formats[format].write(feed);
    const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    reply
      .header('etag', etag)
      .header('cache-control', cacheControl)
      .header('vary', 'accept-encoding');
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type(formats[format].type).send(body);
  }

  async function organizationEntries(rows: NewlyPublished[]): Promise<FeedEntry[]> {
    const { categoryById, countryByCode } = await reference.snapshot();
    return rows.map((row) => ({
      url: `${publicUrl}${organizationUrl(row.id)}`,
      title: row.name,
      summary: row.description,
      published: row.at,
      categories: [
        ...row.categoryIds.map((id) => ({ term: id, label: categoryById.get(id)?.name ?? id })),
        { term: row.country, label: countryByCode.get(row.country)?.name ?? row.country },
      ],
    }));
  }

  async function roleEntries(items: RoleListItem[]): Promise<FeedEntry[]> {
    const { countryByCode } = await reference.snapshot();
    const countryName = (code: string | null) => (code && countryByCode.get(code)?.name) ?? code;
    return items.map((role) => ({
      url: `${publicUrl}${roleUrl(role.organizationId, role.id)}`,
      title: feedTexts.roleEntryTitle(role.title, role.organizationName),
      summary: [
        roleKindNames[role.kind],
        roleWorkplaceNames[role.workplace],
        [role.city, countryName(role.country)].filter(Boolean).join(', '),
        feedTexts.roleClosesOn(role.closesOn),
      ]
        .filter(Boolean)
        .join(' · '),
      published: new Date(role.postedAt),
      categories: [{ term: role.kind, label: roleKindNames[role.kind] }],
    }));
  }

  for (const format of Object.keys(formats) as Format[]) {
    app.get(
      feedPaths.organizations[format],
      {
        config: { access: 'public' },
        schema: {
          hide: true,
          querystring: OrganizationFeedQuery,
          response: { 400: ErrorBody },
        },
      },
      async (request, reply) => {
        const rows = await newlyPublished.newest(request.query);
        const search = searchOf(request);
        return send(request, reply, format, {
          title: search ? feedTexts.organizationsFilteredTitle : feedTexts.organizationsTitle,
          subtitle: feedTexts.organizationsSubtitle,
          selfUrl: `${publicUrl}${request.url}`,
          pageUrl: `${publicUrl}/${search}`,
          siteUrl: `${publicUrl}/`,
          entries: await organizationEntries(rows),
        });
      },
    );

    app.get(
      feedPaths.roles[format],
      {
        config: { access: 'public' },
        schema: { hide: true, querystring: RoleFeedQuery, response: { 400: ErrorBody } },
      },
      async (request, reply) => {
        const page = await roles.listOpenRoles({ ...request.query, limit: FEED_ENTRIES });
        const { data } = JSON.parse(page.body.toString()) as { data: RoleListItem[] };
        const search = searchOf(request);
        return send(request, reply, format, {
          title: search ? feedTexts.rolesFilteredTitle : feedTexts.rolesTitle,
          subtitle: feedTexts.rolesSubtitle,
          selfUrl: `${publicUrl}${request.url}`,
          pageUrl: `${publicUrl}/roles${search}`,
          siteUrl: `${publicUrl}/`,
          entries: await roleEntries(data),
        });
      },
    );
  }
};
