import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { embedTexts, embedThemes, type EmbedTheme, type Organization } from '@si/contracts';
import { ERROR_CACHE, matchesIfNoneMatch } from '../../http/cache-control.ts';
import { AppError } from '../../http/errors.ts';
import type { InsightsService } from '../../modules/insights/service.ts';
import type { OrganizationService } from '../../modules/organizations/service.ts';
import type { ReferenceService } from '../../modules/reference/service.ts';
import { organizationUrl } from '../spa-routes.ts';
import { badgeSvg } from './badge-svg.ts';
import { CARD_STYLE_HASH, embedCard, notFoundCard } from './embed-card.ts';

/**
 * Other sites show these (ADR 052): any of them may frame the card, and nothing but the card's
 * own style and this host's images is loaded. Every other page keeps `frame-ancestors 'none'`.
 */
const EMBED_CSP = [
  "default-src 'none'",
  "img-src 'self' data:",
  `style-src ${CARD_STYLE_HASH}`,
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

/**
 * Five minutes in any cache: an embedding page's visitors are served close to them, and an
 * organization unpublished disappears from other sites within that (ADR 052).
 */
export const EMBED_CACHE = 'public, max-age=300';

/** A profile's first line, as the card shows it (two lines at most on screen). */
const LINE_LENGTH = 200;

type ThemeQuery = { Params: { id: string }; Querystring: { theme?: string | string[] } };

export const embedRoutes: FastifyPluginAsync<{
  publicUrl: string;
  organizations: Pick<OrganizationService, 'getPublished' | 'openRolesOf'>;
  reference: Pick<ReferenceService, 'snapshot'>;
  /** Each fetch of a published organization's badge or card is an embed counted (ADR 031). */
  insights: Pick<InsightsService, 'count'>;
}> = async (app, { publicUrl, organizations, reference, insights }) => {
  /** The organization anybody may see, or null: unknown and unpublished look the same. */
  async function published(id: string): Promise<Organization | null> {
    try {
      return await organizations.getPublished(id);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return null;
      throw error;
    }
  }

  /** The theme asked for (light when none is), or null for anything but light or dark. */
  const themeOf = (asked: string | string[] = 'light'): EmbedTheme | null =>
    embedThemes.find((name) => name === asked) ?? null;

  const badTheme = (reply: FastifyReply) =>
    reply
      .code(400)
      .type('text/plain; charset=utf-8')
      .header('cache-control', ERROR_CACHE)
      .send(embedTexts.badTheme);

  /** The embed's headers, its entity tag, and a 304 when the client holds this body. */
  function send(
    request: FastifyRequest,
    reply: FastifyReply,
    status: 200 | 404,
    type: string,
    body: string,
  ) {
    // Helmet wrote the site's policy on the raw answer as the request came in (security-headers.ts).
    reply.raw.removeHeader('x-frame-options');
    reply.raw.removeHeader('content-security-policy');
    reply.code(status).type(type).header('content-security-policy', EMBED_CSP);
    if (status !== 200) return reply.header('cache-control', ERROR_CACHE).send(body);
    const tag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    reply.header('cache-control', EMBED_CACHE).header('etag', tag);
    if (matchesIfNoneMatch(request.headers['if-none-match'], tag)) return reply.code(304).send();
    return reply.send(body);
  }

  app.get<ThemeQuery>(
    '/embed/organizations/:id/badge.svg',
    { schema: { hide: true } },
    async (request, reply) => {
      const theme = themeOf(request.query.theme);
      if (!theme) return badTheme(reply);
      const organization = await published(request.params.id);
      if (organization) insights.count(request, [organization.id], 'embeds');
      const svg = badgeSvg(
        organization
          ? { kind: 'listed', verifiedDomain: organization.verification?.domain ?? null }
          : { kind: 'neutral' },
        theme,
      );
      // The same answer for every id nobody may see: a 200 image, so an <img> still draws it.
      return send(request, reply, 200, 'image/svg+xml; charset=utf-8', svg);
    },
  );

  app.get<ThemeQuery>(
    '/embed/organizations/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const theme = themeOf(request.query.theme);
      if (!theme) return badTheme(reply);
      const organization = await published(request.params.id);
      const html = 'text/html; charset=utf-8';
      if (!organization)
        return send(request, reply, 404, html, notFoundCard(theme, `${publicUrl}/`));
      insights.count(request, [organization.id], 'embeds');
      const [snapshot, openRoles] = await Promise.all([
        reference.snapshot(),
        organizations.openRolesOf(organization.id),
      ]);
      const card = embedCard(
        {
          name: organization.name,
          line: (organization.description.split('\n')[0] ?? '').trim().slice(0, LINE_LENGTH),
          logo: organization.logo,
          categories: organization.categoryIds.flatMap(
            (id) => snapshot.categoryById.get(id)?.name ?? [],
          ),
          openRoles,
          verifiedDomain: organization.verification?.domain ?? null,
          profileUrl: `${publicUrl}${organizationUrl(organization.id)}`,
        },
        theme,
      );
      return send(request, reply, 200, html, card);
    },
  );
};
