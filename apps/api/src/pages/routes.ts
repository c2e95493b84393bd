import { createHash } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  apiMessages,
  errorCodes,
  siteName,
  titleSuffix,
  type ServerRenderResult,
} from '@si/contracts';
import { ERROR_CACHE, matchesIfNoneMatch, REVALIDATE_CACHE } from '../http/cache-control.ts';
import { AppError } from '../http/errors.ts';
import { documentOnlyHeaders } from '../http/security-headers.ts';
import type { Storage } from '../adapters/storage/index.ts';
import { serveUploads } from '../adapters/storage/serve.ts';
import type { OrganizationService } from '../modules/organizations/service.ts';
import type { ReferenceService } from '../modules/reference/service.ts';
import { renderHeadTags, type PageHead } from './head-tags.ts';
import {
  genericHead,
  homeHead,
  notFoundHead,
  organizationHead,
  organizationNotFoundHead,
} from './page-heads.ts';
import { loadIndexTemplate } from './index-template.ts';
import { loadPageRenderer } from './server-renderer.ts';
import { organizationPath, spaRoute } from './spa-routes.ts';
import { alertCodes } from '../metrics/alert-codes.ts';

/**
 * Home and the static pages are the same for every visitor: a CDN may keep one for 30 s and
 * serve it up to 5 minutes longer while it fetches a fresh copy.
 */
const PUBLIC_PAGE_CACHE = 'public, max-age=30, stale-while-revalidate=300';

/**
 * A profile is checked every time, like its API answer (ADR 016): an edit, a lapse or a deletion
 * shows at once. So is a 404 (the organization may be published a moment later).
 */
function cachePolicy(pathname: string, status: number): string {
  return status === 200 && !organizationPath.test(pathname) ? PUBLIC_PAGE_CACHE : REVALIDATE_CACHE;
}

/** A weak tag (the same page goes out brotli, gzip or plain) of everything the page is made from. */
function pageTag(...parts: string[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\0');
  return `W/"${hash.digest('base64url').slice(0, 27)}"`;
}

async function* pageChunks(start: string, body: ReadableStream<Uint8Array>, end: string) {
  yield Buffer.from(start);
  const reader = body.getReader();
  try {
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      yield Buffer.from(part.value);
    }
  } finally {
    // The visitor went away mid-page: React's stream is let go.
    await reader.cancel().catch(() => undefined);
  }
  yield Buffer.from(end);
}

export interface WebOptions {
  distDir: string;
  /** Where uploaded images are served from: files on disk, or a bucket. */
  storage: Storage;
  publicUrl: string;
  organizations: OrganizationService;
  reference: ReferenceService;
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
          reply.header('cache-control', 'public, max-age=31536000, immutable');
          for (const name of documentOnlyHeaders) reply.removeHeader(name);
        }
      },
    });
  }

  const renderer = template.built ? await loadPageRenderer(app, options.distDir) : null;

  async function headFor(
    pathname: string,
  ): Promise<{ head: PageHead; status: number; serverRendered: boolean }> {
    const { publicUrl } = options;
    if (pathname === '/') return { head: homeHead(publicUrl), status: 200, serverRendered: true };
    const organizationMatch = organizationPath.exec(pathname);
    if (organizationMatch) {
      const id = decodeURIComponent(organizationMatch[1]!);
      try {
        const organization = await options.organizations.getPublished(id);
        const country = (await options.reference.snapshot()).countryByCode.get(
          organization.country,
        );
        return {
          head: organizationHead(publicUrl, organization, country?.name),
          status: 200,
          serverRendered: true,
        };
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) {
          return {
            head: organizationNotFoundHead(publicUrl, id),
            status: 404,
            serverRendered: true,
          };
        }
        throw error;
      }
    }
    const route = spaRoute(pathname);
    if (route) {
      const head = genericHead(
        publicUrl,
        pathname,
        `${route.title}${titleSuffix}`,
        route.description,
      );
      return { head, status: 200, serverRendered: route.serverRendered };
    }
    return { head: notFoundHead(publicUrl, pathname), status: 404, serverRendered: true };
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    // One URL for the head and the body (a path such as //about stays a path).
    const url = new URL(`http://localhost${request.url}`);
    const { head, status, serverRendered } = await headFor(url.pathname);
    reply.code(status).type('text/html; charset=utf-8').header('vary', 'accept-encoding');
    const renderedInBrowser = () =>
      reply.header('cache-control', 'no-cache').send(template.render(renderHeadTags(head)));
    if (!renderer || !serverRendered) return renderedInBrowser();

    let result: ServerRenderResult;
    try {
      result = await renderer.render(url.href);
    } catch (error) {
      // The page still works: the browser renders it, as it renders the account pages.
      request.log.error(
        { err: error, code: alertCodes.serverRenderFailed },
        'server render failed',
      );
      return renderedInBrowser();
    }
    if (result.kind === 'redirect') {
      return reply
        .code(result.status)
        .header('cache-control', 'no-cache')
        .redirect(result.location);
    }
    // The page's route modules load with the app, after the first paint (main.tsx).
    const modules = renderer
      .preloads(result.routeModules)
      .map((file) => `/${file}`)
      .join(' ');
    const headTags = renderHeadTags(head);
    const state = `<script type="application/json" id="app-state" data-modules="${modules}">${result.state}</script>`;
    const { start, end } = template.split(headTags, state);
    if (!result.complete) {
      // Rendered without some of its data (a failing or slow API): nobody keeps this copy.
      reply.header('cache-control', ERROR_CACHE);
      return reply.send(Readable.from(pageChunks(start, result.body, end)));
    }
    const tag = pageTag(template.version, String(status), headTags, modules, result.fingerprint);
    reply.header('etag', tag).header('cache-control', cachePolicy(url.pathname, status));
    if (status === 200 && matchesIfNoneMatch(request.headers['if-none-match'], tag)) {
      await result.body.cancel();
      return reply.code(304).send();
    }
    return reply.send(Readable.from(pageChunks(start, result.body, end)));
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
