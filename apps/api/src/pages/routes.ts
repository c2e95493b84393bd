import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { apiMessages, errorCodes, siteName } from '@si/contracts';
import { ERROR_CACHE, IMMUTABLE_CACHE } from '../http/cache-control.ts';
import { AppError } from '../http/errors.ts';
import { buildAssetOmittedHeaders } from '../http/security-headers.ts';
import type { Storage } from '../adapters/storage/index.ts';
import { serveUploads } from '../adapters/storage/serve.ts';
import type { InsightsService } from '../modules/insights/service.ts';
import { publicReads } from '../modules/organizations/public-reads.ts';
import type { OrganizationService } from '../modules/organizations/service.ts';
import type { ReferenceService } from '../modules/reference/service.ts';
import type { RolePageQueries } from '../modules/roles/role-page-queries.ts';
import { alertCodes } from '../metrics/alert-codes.ts';
import { renderHeadTags } from './head-tags.ts';
import { createHeadLookup } from './head-lookup.ts';
import { loadIndexTemplate } from './index-template.ts';
import {
  createPageKeeping,
  profileRegenerationJob,
  type PageCache,
  type PageStore,
  type ProfileRegenerationJob,
} from './keeping/index.ts';
import { createPageRendering } from './page-rendering.ts';
import { createRolePages } from './role-pages.ts';
import { createServerRenderedPages } from './server-rendered-pages.ts';
import { loadPageRenderer } from './server-renderer.ts';
import { organizationPath, spaRoute } from './spa-routes.ts';
import { createUnkeptPages } from './unkept-pages.ts';

/**
 * The API answers every page render asks for that change only with the reference data (or the
 * configuration, which a process never changes): asked once, not once per render.
 */
const REFERENCE_ANSWERS = new Set([
  '/api/category-groups',
  '/api/categories',
  '/api/countries',
  '/api/faqs',
  '/api/site',
]);

export interface WebOptions {
  distDir: string;
  /** Where uploaded images are served from: files on disk, or a bucket. */
  storage: Storage;
  publicUrl: string;
  organizations: OrganizationService;
  reference: ReferenceService;
  /** Each open role's page (ADR 043). */
  roles: Pick<RolePageQueries, 'find'>;
  /** Rendered pages kept between requests (ADR 027). */
  pageCache: PageCache;
  /** Rendered profile pages on this host's disk (ADR 030). */
  pageStore: PageStore;
  /** Counts a profile page's view and a directory page's impressions as they are served. */
  insights: Pick<InsightsService, 'count' | 'countRole'>;
  /**
   * The settings pages show besides the data (support contacts, parent brands), as text: part
   * of every page's entity tag, so a page stored before they changed is not served after.
   */
  renderedWith: string;
  /** Whether this process is serving requests now: the regeneration waits while it is. */
  busy(): boolean;
  /** Given the job that stores the pages of every published profile ahead of requests. */
  onRegenerationJob(job: ProfileRegenerationJob): void;
}

/** Serves the built React app, uploaded images, and every page's HTML with its head tags. */
export const webRoutes: FastifyPluginAsync<WebOptions> = async (app, options) => {
  const template = await loadIndexTemplate(options.distDir);
  if (!template.built)
    app.log.warn({ distDir: options.distDir }, 'web app not built: serving API and bare pages');

  await serveUploads(app, options.storage);
  if (template.built) {
    await app.register(fastifyStatic, {
      root: path.resolve(options.distDir),
      prefix: '/',
      index: false,
      wildcard: false,
      // The raw template is never served: /index.html is home, rendered like every page.
      globIgnore: ['index.html'],
      decorateReply: false,
      // The build writes .br and .gz beside each text asset: sent as they are to a browser that
      // accepts them, never compressed again per request.
      preCompressed: true,
      // Hashed build assets never change; index.html is rendered per request below.
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', IMMUTABLE_CACHE);
          for (const name of buildAssetOmittedHeaders) reply.removeHeader(name);
        }
      },
    });
  }

  const { publicUrl, organizations, reference, pageCache } = options;
  const reads = publicReads(organizations);
  const renderer = template.built
    ? await loadPageRenderer(app, options.distDir, {
        answerDirectly: (url, basis) => {
          const answer = reads.answer(url, basis.directoryVersion);
          if (!answer) return null;
          return answer.then(({ status, body, listed }) => {
            basis.shown?.push(...listed);
            return { status, body };
          });
        },
        keptAnswer: async (url) =>
          REFERENCE_ANSWERS.has(url) ? (await reference.snapshot()).version : null,
      })
    : null;
  const roles = createRolePages({ publicUrl, roles: options.roles, reference });
  const heads = createHeadLookup({ publicUrl, organizations, reference, roles });
  let pages: ReturnType<typeof createServerRenderedPages> | null = null;
  if (renderer) {
    const rendering = createPageRendering({ template, renderer, reference, pageCache });
    pages = createServerRenderedPages({
      publicUrl,
      organizations,
      reference,
      insights: options.insights,
      rendering,
      heads,
      roles,
      unkept: createUnkeptPages({ publicUrl, reference, rendering }),
      keeping: createPageKeeping({
        pageCache,
        pageStore: options.pageStore,
        // What every page is made from besides its data: the build, the address, the settings.
        renderedFrom: `${template.version} ${publicUrl} ${options.renderedWith}`,
        logger: app.log,
      }),
    });
    options.onRegenerationJob(
      profileRegenerationJob({
        versionsAfter: organizations.profileVersionsAfter,
        regenerate: pages.regenerate,
        busy: options.busy,
        logger: app.log,
      }),
    );
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    // One URL for the head and the body (a path such as //about stays a path).
    const url = new URL(`http://localhost${request.url}`);
    reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
    const renderedInBrowser = async () => {
      const { head, status } = await heads.headFor(url.pathname);
      return reply
        .code(status)
        .header('cache-control', 'no-cache')
        .send(template.render(renderHeadTags(head)));
    };
    if (!pages) return renderedInBrowser();
    const route = spaRoute(url.pathname);
    if (route && !route.serverRendered) return renderedInBrowser();
    try {
      return await pages.send(request, reply, url);
    } catch (error) {
      if (error instanceof AppError) throw error;
      // The page still works: the browser renders it, as it renders the account pages.
      request.log.error(
        { err: error, code: alertCodes.serverRenderFailed },
        'server render failed',
      );
      return renderedInBrowser();
    }
  }

  app.get('/', sendPage);
  app.get('/index.html', (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(query === -1 ? '/' : `/${request.url.slice(query)}`, 301);
  });

  async function notFoundOrPage(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0] ?? '';
    if (
      pathname.startsWith('/api/') ||
      pathname === '/api' ||
      !['GET', 'HEAD'].includes(request.method)
    ) {
      return reply
        .code(404)
        .header('cache-control', ERROR_CACHE)
        .send({ error: { code: errorCodes.notFound, message: apiMessages.routeNotFound } });
    }
    if (path.extname(pathname) && !organizationPath.test(pathname)) {
      return reply.code(404).type('text/plain; charset=utf-8').send(`Not found - ${siteName}`);
    }
    return sendPage(request, reply);
  }

  // Every other GET is a page (or a 404 page). A route rather than the not-found handler: route
  // hooks, compression among them, do not run for the not-found handler (ADR 014).
  app.get('/*', { schema: { hide: true } }, notFoundOrPage);
  app.setNotFoundHandler(notFoundOrPage);
};
