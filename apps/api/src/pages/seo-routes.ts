import type { FastifyPluginAsync } from 'fastify';
import { ERROR_CACHE, matchesIfNoneMatch } from '../http/cache-control.ts';
import type { InsightsService } from '../modules/insights/service.ts';
import type { OrganizationRepository } from '../modules/organizations/repository.ts';
import { dayOf } from '../modules/roles/role-calendar.ts';
import type { RolePageQueries } from '../modules/roles/role-page-queries.ts';
import { SHARE_IMAGE_ROUTE } from './page-heads.ts';
import { renderPreviewImage } from './share-images/preview-image.ts';
import type { ShareImages } from './share-images/share-images.ts';
import { organizationUrl, roleUrl } from './spa-routes.ts';

/** sitemaps.org caps one file at 50,000 URLs; beyond that /sitemap.xml becomes an index. */
const URLS_PER_SITEMAP = 50_000;

const xmlEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A share card's URL carries its version, and the ETag lets a crawler revalidate cheaply. */
const SHARE_IMAGE_CACHE = 'public, max-age=86400';

export const seoRoutes: FastifyPluginAsync<{
  publicUrl: string;
  organizations: OrganizationRepository;
  /** The open roles of published organizations: each has its page (ADR 043). */
  roles: Pick<RolePageQueries, 'countOpen' | 'openForSitemap'>;
  /** Profiles' share cards, stored and drawn ahead (app.ts builds them for the job too). */
  shareImages: ShareImages;
  /** Each fetch of a profile's card is a share counted (ADR 031): link previewers fetch them. */
  insights: Pick<InsightsService, 'count'>;
}> = async (app, { publicUrl, organizations, roles, shareImages, insights }) => {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /admin',
      'Disallow: /dashboard',
      'Disallow: /profile',
      'Disallow: /payments/',
      '',
      `Sitemap: ${publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
  });

  app.get('/og-image.png', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('image/png').header('cache-control', 'public, max-age=86400');
    return renderPreviewImage();
  });

  app.get<{ Params: { id: string } }>(
    SHARE_IMAGE_ROUTE,
    { schema: { hide: true } },
    async (request, reply) => {
      const image = await shareImages.find(request.params.id);
      if (!image) {
        return reply
          .code(404)
          .type('text/plain; charset=utf-8')
          .header('cache-control', ERROR_CACHE)
          .send('Not found');
      }
      insights.count(request, [request.params.id], 'shares');
      const notModified = matchesIfNoneMatch(request.headers['if-none-match'], image.etag);
      // The stored file, or drawn now, before the headers: a drawing that fails is an error
      // answer, never kept under this tag.
      const png = notModified ? null : await image.png();
      reply.header('etag', image.etag).header('cache-control', SHARE_IMAGE_CACHE);
      return png ? reply.type('image/png').send(png) : reply.code(304).send();
    },
  );

  const urlset = (entries: { loc: string; lastmod?: string }[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
      .map(
        (entry) =>
          `  <url><loc>${xmlEscape(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`,
      )
      .join('\n')}\n</urlset>\n`;

  const staticPages = ['/', '/about', '/contact', '/faq', '/privacy'].map((path) => ({
    loc: `${publicUrl}${path}`,
  }));

  const lastmod = (at: Date) => at.toISOString().slice(0, 10);

  /**
   * The list's parts in order: static pages, profiles, then open roles (read on `today`, so a
   * role closed, held or past its closing date is dropped at once). Each part is read only for
   * the slice of it a file holds.
   */
  const parts = (today: string) => [
    {
      count: async () => staticPages.length,
      slice: async (offset: number, limit: number) => staticPages.slice(offset, offset + limit),
    },
    {
      count: () => organizations.countPublished(),
      slice: async (offset: number, limit: number) =>
        (await organizations.publishedForSitemap(offset, limit)).map((row) => ({
          loc: `${publicUrl}${organizationUrl(row.id)}`,
          lastmod: lastmod(row.updatedAt),
        })),
    },
    {
      count: () => roles.countOpen(today),
      slice: async (offset: number, limit: number) =>
        (await roles.openForSitemap(today, offset, limit)).map((row) => ({
          loc: `${publicUrl}${roleUrl(row.organizationId, row.id)}`,
          lastmod: lastmod(row.updatedAt),
        })),
    },
  ];

  /** How many entries the whole list has. */
  async function entryCount(today: string) {
    const counts = await Promise.all(parts(today).map((part) => part.count()));
    return counts.reduce((sum, count) => sum + count, 0);
  }

  /** Entries [start, end) of the whole list: only that slice of each part is read. */
  async function entriesBetween(start: number, end: number, today: string) {
    const entries: { loc: string; lastmod?: string }[] = [];
    let partStart = 0;
    for (const part of parts(today)) {
      const count = await part.count();
      const from = Math.max(start, partStart);
      const to = Math.min(end, partStart + count);
      if (to > from) entries.push(...(await part.slice(from - partStart, to - from)));
      partStart += count;
      if (partStart >= end) break;
    }
    return entries;
  }

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600');
    const today = dayOf(new Date());
    const count = await entryCount(today);
    if (count <= URLS_PER_SITEMAP) return urlset(await entriesBetween(0, count, today));
    const parts = Math.ceil(count / URLS_PER_SITEMAP);
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${Array.from(
      { length: parts },
      (_, index) =>
        `  <sitemap><loc>${xmlEscape(`${publicUrl}/sitemap-${index + 1}.xml`)}</loc></sitemap>`,
    ).join('\n')}\n</sitemapindex>\n`;
  });

  app.get<{ Params: { part: string } }>(
    '/sitemap-:part.xml',
    { schema: { hide: true } },
    async (request, reply) => {
      const part = Number(request.params.part);
      // A part past 2^53 / 50,000 would ask the database for an offset it cannot read: none has it.
      const slice =
        Number.isSafeInteger(part * URLS_PER_SITEMAP) && part >= 1
          ? await entriesBetween(
              (part - 1) * URLS_PER_SITEMAP,
              part * URLS_PER_SITEMAP,
              dayOf(new Date()),
            )
          : [];
      if (slice.length === 0) return reply.code(404).type('text/plain').send('Not found');
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600');
      return urlset(slice);
    },
  );
};
