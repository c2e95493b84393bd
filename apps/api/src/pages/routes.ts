import { createHash } from 'node:crypto';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  apiMessages,
  errorCodes,
  OrganizationId,
  siteName,
  titleSuffix,
  type Organization,
} from '@si/contracts';
import {
  ERROR_CACHE,
  IMMUTABLE_CACHE,
  matchesIfNoneMatch,
  REVALIDATE_CACHE,
} from '../http/cache-control.ts';
import { AppError } from '../http/errors.ts';
import { documentOnlyHeaders } from '../http/security-headers.ts';
import type { Storage } from '../adapters/storage/index.ts';
import { serveUploads } from '../adapters/storage/serve.ts';
import type { InsightsService } from '../modules/insights/service.ts';
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
import { loadPageRenderer, type RenderBasis } from './server-renderer.ts';
import { decodedSegment, directAnswers } from './direct-answers.ts';
import { organizationPath, spaRoute } from './spa-routes.ts';
import type { KeptPage, PageCache } from './page-cache.ts';
import type { PageStore } from './page-store.ts';
import {
  profileRegenerationJob,
  type ProfileRegenerationJob,
  type Regeneration,
} from './profile-regeneration.ts';
import { compressPage, pageEncoding, recodePage } from './page-encoding.ts';
import { createPageRecompression } from './page-recompression.ts';
import { alertCodes } from '../metrics/alert-codes.ts';

/**
 * Home and the static pages are the same for every visitor: a CDN may keep one for 30 s and
 * serve it up to 5 minutes longer while it fetches a fresh copy.
 */
const PUBLIC_PAGE_CACHE = 'public, max-age=30, stale-while-revalidate=300';

/**
 * A profile is checked every time, like its API answer (ADR 016): an edit, a lapse or a deletion
 * shows at once. (404 pages are never kept: they go out with REVALIDATE_CACHE too.)
 */
function cachePolicy(pathname: string): string {
  return organizationPath.test(pathname) ? REVALIDATE_CACHE : PUBLIC_PAGE_CACHE;
}

/** A weak tag (the same page goes out brotli, gzip or plain) of everything the page is made from. */
function pageTag(...parts: string[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\0');
  return `W/"${hash.digest('base64url').slice(0, 27)}"`;
}

/** A stored profile page's file name: its entity tag, which names everything it was made from. */
const storedName = (etag: string) => etag.slice(3, -1);

/**
 * Ids written into a missing profile's page as they are: characters no HTML, attribute or JSON
 * context escapes. Any other id is rendered for its own page.
 */
const PLAIN_ID = /^[\w-]{1,100}$/;
/** Stands in for the id in the one rendering of the missing-profile page (no such row exists). */
const MISSING_ID_STAND_IN = '00000000-0000-4000-8000-000000000000';
const MISSING_PLAIN_STAND_IN = 'missing-organization-stand-in';
/** A path no page answers, rendered once for the 404 page of every such path. */
const NOT_FOUND_PATH = '/.not-found';

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

const organizationUrl = (id: string) => `/organizations/${encodeURIComponent(id)}`;

export interface WebOptions {
  distDir: string;
  /** Where uploaded images are served from: files on disk, or a bucket. */
  storage: Storage;
  publicUrl: string;
  organizations: OrganizationService;
  reference: ReferenceService;
  /** Rendered pages kept between requests (ADR 027). */
  pageCache: PageCache;
  /** Rendered profile pages on this host's disk (ADR 030). */
  pageStore: PageStore;
  /** Counts a profile page's view and a directory page's impressions as they are served. */
  insights: Pick<InsightsService, 'count'>;
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
          for (const name of documentOnlyHeaders) reply.removeHeader(name);
        }
      },
    });
  }

  const { publicUrl, organizations, reference, pageCache, pageStore, insights } = options;
  const recompression = createPageRecompression({ pageCache, logger: app.log });
  /** What every page is made from besides its data: the build, the address, the settings. */
  const renderedFrom = `${template.version} ${publicUrl} ${options.renderedWith}`;
  const renderer = template.built
    ? await loadPageRenderer(app, options.distDir, {
        answerDirectly: directAnswers(organizations),
        keptAnswer: async (url) =>
          REFERENCE_ANSWERS.has(url) ? (await reference.snapshot()).version : null,
      })
    : null;

  async function headFor(
    pathname: string,
  ): Promise<{ head: PageHead; status: number; serverRendered: boolean }> {
    if (pathname === '/') return { head: homeHead(publicUrl), status: 200, serverRendered: true };
    const organizationMatch = organizationPath.exec(pathname);
    const id = organizationMatch ? decodedSegment(organizationMatch[1]!) : null;
    if (id !== null) {
      const head = await profileHead(id);
      return head
        ? { head, status: 200, serverRendered: true }
        : { head: organizationNotFoundHead(publicUrl, id), status: 404, serverRendered: true };
    }
    const route = spaRoute(pathname);
    if (route && !organizationMatch) {
      return {
        head: routeHead(pathname, route),
        status: 200,
        serverRendered: route.serverRendered,
      };
    }
    return { head: notFoundHead(publicUrl, pathname), status: 404, serverRendered: true };
  }

  /** The head of a page with a fixed title and description (About, FAQ, the account pages). */
  function routeHead(pathname: string, route: NonNullable<ReturnType<typeof spaRoute>>) {
    return genericHead(publicUrl, pathname, `${route.title}${titleSuffix}`, route.description);
  }

  /** A published profile's head, or null when nobody may see it. */
  async function profileHead(id: string): Promise<PageHead | null> {
    try {
      return await headOfProfile(await organizations.getPublished(id));
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async function headOfProfile(organization: Organization | null): Promise<PageHead | null> {
    if (!organization) return null;
    const country = (await reference.snapshot()).countryByCode.get(organization.country);
    return organizationHead(publicUrl, organization, country?.name);
  }

  type HeadOfProfile = (organization: Organization | null) => Promise<PageHead | null>;
  type Rendered =
    | { kind: 'redirect'; status: number; location: string }
    | { kind: 'page'; complete: boolean; headTags: string; body: string; state: string };

  /**
   * One server render of the page at `url` (a path and query), its head written from `head` (or
   * from the profile the page shows). Null when the page shows a profile no longer there.
   */
  async function render(
    url: string,
    head: PageHead | HeadOfProfile,
    basis?: RenderBasis,
  ): Promise<Rendered | null> {
    pageCache.rendered();
    const result = await renderer!.render(`http://localhost${url}`, basis);
    if (result.kind === 'redirect') return result;
    const headTags = typeof head === 'function' ? await head(result.organization) : head;
    if (!headTags) return null;
    // The page's route modules load with the app, after the first paint (main.tsx).
    const modules = renderer!
      .preloads(result.routeModules)
      .map((file) => `/${file}`)
      .join(' ');
    // The reference answers the browser fetches for itself, under this reference version.
    const shared = result.sharedAnswers.length
      ? ` data-shared="${[(await reference.snapshot()).version, ...result.sharedAnswers].join(' ')}"`
      : '';
    return {
      kind: 'page',
      complete: result.complete,
      headTags: renderHeadTags(headTags),
      body: result.body,
      state: `<script type="application/json" id="app-state" data-modules="${modules}"${shared}>${result.state}</script>`,
    };
  }

  function html(page: { headTags: string; body: string; state: string }): string {
    const { start, end } = template.split(page.headTags, page.state);
    return `${start}${page.body}${end}`;
  }

  /** A page that is not kept: a redirect, or one rendered without some of its data. */
  function sendUnkept(reply: FastifyReply, rendered: Rendered, status: number) {
    if (rendered.kind === 'redirect') {
      return reply
        .code(rendered.status)
        .header('cache-control', 'no-cache')
        .redirect(rendered.location);
    }
    // Rendered without some of its data (a failing or slow API): nobody keeps this copy.
    return reply
      .code(status)
      .header('cache-control', rendered.complete ? REVALIDATE_CACHE : ERROR_CACHE)
      .send(html(rendered));
  }

  /**
   * The page kept under `key` while `dependsOn` holds, else rendered now (once, however many
   * ask together) and kept; sent compressed as the client accepts, or 304 to a revalidation.
   */
  async function sendKept(
    request: FastifyRequest,
    reply: FastifyReply,
    page: {
      key: string;
      dependsOn: string;
      head: PageHead | HeadOfProfile;
      /** A profile's id: its page is stored on disk too (ADR 030). */
      storedAs?: string;
      /** What the request read that the page depends on, for its render to hold to. */
      basis?: RenderBasis;
      /** Counted as it is served: the profile's view, or the listed organizations' impressions. */
      counts: 'views' | 'impressions' | null;
    },
  ) {
    let unkept: Rendered | null = null;
    let source = 'kept' as 'kept' | 'stored' | 'rendered';
    // Made once, and only for a page not kept: a kept one carries its own (a hash per request
    // was 3 % of serving a kept page).
    let tag: string | undefined;
    const etag = () => (tag ??= pageTag(renderedFrom, page.key, page.dependsOn));
    const keptPage = (brotli: Buffer): KeptPage => ({
      dependsOn: page.dependsOn,
      status: 200,
      etag: etag(),
      cacheControl: cachePolicy(page.key),
      brotli,
      shows: page.basis?.shown,
    });
    const renderToKeep = async (): Promise<KeptPage | null> => {
      if (page.storedAs) {
        const stored = await readStored(request, page.storedAs, storedName(etag()));
        if (stored) {
          source = 'stored';
          return keptPage(stored);
        }
      }
      source = 'rendered';
      const rendered = await render(page.key, page.head, page.basis);
      if (!rendered) return null;
      if (rendered.kind !== 'page' || !rendered.complete) {
        unkept = rendered;
        return null;
      }
      const brotli = compressPage(html(rendered), 'request');
      if (page.storedAs) {
        pageStore.write(page.storedAs, storedName(etag()), brotli).catch((error: unknown) => {
          request.log.error({ err: error, key: page.key }, 'a rendered page could not be stored');
        });
      }
      return keptPage(brotli);
    };
    let kept = await pageCache.get(page.key, page.dependsOn, renderToKeep);
    // Another request's render was not kept: this one renders for itself.
    if (!kept && source === 'kept') kept = await renderToKeep();
    if (!kept) {
      if (unkept) return sendUnkept(reply, unkept, 200);
      // The profile went away between the two reads.
      return sendMissingProfile(reply, decodedSegment(organizationPath.exec(page.key)![1]!)!);
    }
    if (source === 'kept') recompression.served(page.key, kept);
    if (page.counts === 'views') insights.count(request, [page.storedAs!], 'views');
    else if (page.counts === 'impressions')
      insights.count(request, kept.shows ?? [], 'impressions');
    reply.code(kept.status).header('etag', kept.etag).header('cache-control', kept.cacheControl);
    // Says (to a benchmark, to an operator's curl) that this page was served without a render:
    // kept in this process's memory, or stored on the host's disk.
    if (source !== 'rendered') reply.header('server-timing', `cache;desc="${source}"`);
    if (matchesIfNoneMatch(request.headers['if-none-match'], kept.etag)) {
      return reply.code(304).send();
    }
    const encoding = pageEncoding(request.headers['accept-encoding']);
    if (encoding === 'br') return reply.header('content-encoding', 'br').send(kept.brotli);
    if (encoding === 'gzip') {
      if (!kept.gzip) {
        kept.gzip = await recodePage(kept.brotli, 'gzip');
        pageCache.resized(page.key, kept);
      }
      return reply.header('content-encoding', 'gzip').send(kept.gzip);
    }
    return reply.send(await recodePage(kept.brotli, 'identity'));
  }

  /**
   * What each profile's stored page was made from, as far as this process has seen it stored (the
   * build is this process's own): the regeneration walks past these without reading their files.
   */
  const knownStored = new Map<string, string>();

  /** A stored page, or null (not stored, or the disk failed: the page is rendered instead). */
  async function readStored(request: FastifyRequest, id: string, name: string) {
    try {
      return await pageStore.read(id, name);
    } catch (error) {
      request.log.error({ err: error, organizationId: id }, 'a stored page could not be read');
      return null;
    }
  }

  /**
   * Stores a published profile's page for `version` unless it is stored (the regeneration job):
   * rendered as a request would render it, but not kept in memory, where it would push out the
   * pages visitors ask for.
   */
  async function regenerate(
    id: string,
    version: string,
    whenIdle: () => Promise<void>,
  ): Promise<Regeneration> {
    const key = organizationUrl(id);
    const dependsOn = `${version} ${(await reference.snapshot()).version}`;
    // Known stored since this process last looked: a walk over unchanged profiles touches no file.
    if (knownStored.get(id) === dependsOn) return 'stored';
    const name = storedName(pageTag(renderedFrom, key, dependsOn));
    const stored = async () => {
      if (!(await pageStore.has(id, name))) return false;
      knownStored.set(id, dependsOn);
      return true;
    };
    // Reading files (on a first walk, 100,000 of them) waits for a moment without requests too.
    await whenIdle();
    if (await stored()) return 'stored';
    const release = await pageStore.claim(id);
    if (!release) return 'claimed';
    try {
      // Stored meanwhile by a request (or another process that has released its claim).
      if (await stored()) return 'stored';
      const rendered = await render(key, headOfProfile);
      if (rendered?.kind !== 'page' || !rendered.complete) {
        knownStored.delete(id);
        return 'skipped';
      }
      await pageStore.write(id, name, compressPage(html(rendered), 'background'));
      knownStored.set(id, dependsOn);
      return 'rendered';
    } finally {
      await release();
    }
  }
  if (renderer) {
    options.onRegenerationJob(
      profileRegenerationJob({
        versionsAfter: organizations.profileVersionsAfter,
        regenerate,
        busy: options.busy,
        logger: app.log,
      }),
    );
  }

  /**
   * The pages whose content does not depend on the URL beyond a plain id: rendered once (per
   * reference data and build), each request writing its own head and id in. A missing
   * profile's id, or a path nothing answers, costs no render.
   */
  const skeletons = new Map<string, Promise<Rendered | null>>();
  async function skeleton(name: string, url: string, head: PageHead): Promise<Rendered | null> {
    const key = `${name} ${(await reference.snapshot()).version}`;
    let made = skeletons.get(key);
    if (!made) {
      made = render(url, head);
      skeletons.clear();
      skeletons.set(key, made);
      // A failed or incomplete render is tried again by the next request.
      made.then(
        (rendered) => {
          if (rendered?.kind !== 'page' || !rendered.complete) skeletons.delete(key);
        },
        () => skeletons.delete(key),
      );
    }
    return made;
  }

  async function sendMissingProfile(reply: FastifyReply, id: string) {
    const head = organizationNotFoundHead(publicUrl, id);
    if (!PLAIN_ID.test(id))
      return sendUnkept(reply, (await render(organizationUrl(id), head))!, 404);
    const standIn = OrganizationId.safeParse(id).success
      ? MISSING_ID_STAND_IN
      : MISSING_PLAIN_STAND_IN;
    const rendered = await skeleton(standIn, organizationUrl(standIn), head);
    if (rendered?.kind !== 'page') return sendUnkept(reply, rendered!, 404);
    return sendUnkept(
      reply,
      {
        ...rendered,
        headTags: renderHeadTags(head),
        body: rendered.body.replaceAll(standIn, id),
        state: rendered.state.replaceAll(standIn, id),
      },
      404,
    );
  }

  async function sendNotFound(reply: FastifyReply, pathname: string) {
    const head = notFoundHead(publicUrl, pathname);
    const rendered = await skeleton('not-found', NOT_FOUND_PATH, head);
    if (rendered?.kind !== 'page') return sendUnkept(reply, rendered!, 404);
    return sendUnkept(reply, { ...rendered, headTags: renderHeadTags(head) }, 404);
  }

  async function sendServerRendered(request: FastifyRequest, reply: FastifyReply, url: URL) {
    const referenceVersion = (await reference.snapshot()).version;
    const { pathname } = url;
    if (pathname === '/') {
      const key = renderer!.pageKey(url.href);
      const head = homeHead(publicUrl);
      // The filter form submitted without JavaScript: a redirect, never kept.
      if (key === null) return sendUnkept(reply, (await render(`/${url.search}`, head))!, 200);
      const directoryVersion = await organizations.directoryVersion();
      return sendKept(request, reply, {
        key,
        dependsOn: `${directoryVersion} ${referenceVersion}`,
        head,
        basis: { directoryVersion, shown: [] },
        counts: 'impressions',
      });
    }
    const organizationMatch = organizationPath.exec(pathname);
    if (organizationMatch) {
      const id = decodedSegment(organizationMatch[1]!);
      if (id === null) return sendNotFound(reply, pathname);
      const version = await organizations.profileVersion(id);
      if (version === null) return sendMissingProfile(reply, id);
      return sendKept(request, reply, {
        key: organizationUrl(id),
        dependsOn: `${version} ${referenceVersion}`,
        head: headOfProfile,
        storedAs: id,
        counts: 'views',
      });
    }
    const route = spaRoute(pathname);
    if (!route) return sendNotFound(reply, pathname);
    return sendKept(request, reply, {
      key: renderer!.pageKey(url.href) ?? pathname,
      dependsOn: referenceVersion,
      head: routeHead(pathname, route),
      counts: null,
    });
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    // One URL for the head and the body (a path such as //about stays a path).
    const url = new URL(`http://localhost${request.url}`);
    reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
    const renderedInBrowser = async () => {
      const { head, status } = await headFor(url.pathname);
      return reply
        .code(status)
        .header('cache-control', 'no-cache')
        .send(template.render(renderHeadTags(head)));
    };
    if (!renderer) return renderedInBrowser();
    const route = spaRoute(url.pathname);
    if (route && !route.serverRendered) return renderedInBrowser();
    try {
      return await sendServerRendered(request, reply, url);
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
