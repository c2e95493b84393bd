import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesIfNoneMatch, REVALIDATE_CACHE } from '../http/cache-control.ts';
import type { InsightsService } from '../modules/insights/service.ts';
import { decodedSegment } from '../modules/organizations/public-reads.ts';
import { utcToday } from '../modules/organizations/directory/index.ts';
import type { OrganizationService } from '../modules/organizations/service.ts';
import type { ReferenceService } from '../modules/reference/service.ts';
import type { PageHead } from './head-tags.ts';
import type { HeadLookup } from './head-lookup.ts';
import type { PageKeeping, Regeneration } from './keeping/index.ts';
import { feedLinks } from './feed-links.ts';
import { homeHead } from './page-heads.ts';
import type { HeadOfProfile, PageRendering, Rendered } from './page-rendering.ts';
import type { RolePage, RolePages } from './role-pages.ts';
import type { RenderBasis } from './server-renderer.ts';
import { organizationPath, organizationUrl, rolePath, spaRoute } from './spa-routes.ts';
import type { UnkeptPages } from './unkept-pages.ts';

/**
 * Home and the static pages are the same for every visitor: a CDN may keep one for 30 s and
 * serve it up to 5 minutes longer while it fetches a fresh copy.
 */
const PUBLIC_PAGE_CACHE = 'public, max-age=30, stale-while-revalidate=300';

/**
 * A profile, and a role's page, are checked every time, like their API answers (ADR 016): an
 * edit, a lapse, a closing or a deletion shows at once. (404 pages are never kept: they go out
 * with REVALIDATE_CACHE too.)
 */
function cachePolicy(pathname: string): string {
  return organizationPath.test(pathname) || rolePath.test(pathname)
    ? REVALIDATE_CACHE
    : PUBLIC_PAGE_CACHE;
}

export interface ServerRenderedPagesOptions {
  publicUrl: string;
  organizations: Pick<
    OrganizationService,
    'directoryVersion' | 'rolesExpiredOn' | 'profileVersion' | 'profileVersionsAfter'
  >;
  reference: Pick<ReferenceService, 'snapshot'>;
  insights: Pick<InsightsService, 'count' | 'countRole'>;
  rendering: PageRendering;
  keeping: PageKeeping;
  heads: HeadLookup;
  unkept: UnkeptPages;
  roles: Pick<RolePages, 'rolePage'>;
}

/**
 * What a page counts as it is served: the profile's view, the listed organizations'
 * impressions, or a role page's view.
 */
type PageCounts = 'views' | 'impressions' | { organizationId: string; roleId: string } | null;

function countServed(
  insights: Pick<InsightsService, 'count' | 'countRole'>,
  request: FastifyRequest,
  page: { counts: PageCounts; storedAs?: string | undefined },
  shows: readonly string[] | undefined,
) {
  const { counts } = page;
  if (counts === 'views') insights.count(request, [page.storedAs!], 'views');
  else if (counts === 'impressions') insights.count(request, shows ?? [], 'impressions');
  else if (counts) insights.countRole(request, counts.organizationId, counts.roleId, 'views');
}

/** The public pages React renders on the server: kept per change, and stored ahead for profiles. */
export function createServerRenderedPages(options: ServerRenderedPagesOptions) {
  const { publicUrl, organizations, reference, insights, rendering, keeping, heads } = options;
  const { sendUnkept, sendMissingProfile, sendNotFound } = options.unkept;

  /** A render's HTML to keep, or null: `unkept` holds a render that is not to be kept. */
  async function renderToKeep(
    url: string,
    head: PageHead | HeadOfProfile,
    basis: RenderBasis | undefined,
    unkept: { rendered: Rendered | null },
  ): Promise<string | null> {
    const rendered = await rendering.render(url, head, basis);
    if (!rendered) return null;
    if (rendered.kind !== 'page' || !rendered.complete) {
      unkept.rendered = rendered;
      return null;
    }
    return rendering.html(rendered);
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
      counts: PageCounts;
    },
  ) {
    const unkept: { rendered: Rendered | null } = { rendered: null };
    const found = await keeping.find(
      {
        key: page.key,
        dependsOn: page.dependsOn,
        cacheControl: cachePolicy(page.key),
        storedAs: page.storedAs,
        shows: page.basis?.shown,
        render: () => renderToKeep(page.key, page.head, page.basis, unkept),
      },
      request.log,
    );
    if (!found) {
      if (unkept.rendered) return sendUnkept(reply, unkept.rendered, 200);
      // The profile went away between the two reads.
      if (rolePath.test(page.key)) return sendNotFound(reply, page.key);
      return sendMissingProfile(reply, decodedSegment(organizationPath.exec(page.key)![1]!)!);
    }
    const { kept, source } = found;
    countServed(insights, request, page, kept.shows);
    reply.code(kept.status).header('etag', kept.etag).header('cache-control', kept.cacheControl);
    // Says (to a benchmark, to an operator's curl) that this page was served without a render:
    // kept in this process's memory, or stored on the host's disk.
    if (source !== 'rendered') reply.header('server-timing', `cache;desc="${source}"`);
    if (matchesIfNoneMatch(request.headers['if-none-match'], kept.etag)) {
      return reply.code(304).send();
    }
    const { encoding, body } = await keeping.encoded(
      page.key,
      kept,
      request.headers['accept-encoding'],
    );
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(body);
  }

  /** Sends the server-rendered page at `url`: kept, stored, rendered now, or a 404 page. */
  async function send(request: FastifyRequest, reply: FastifyReply, url: URL) {
    const referenceVersion = (await reference.snapshot()).version;
    const { pathname } = url;
    if (pathname === '/') {
      const key = rendering.pageKey(url.href);
      const head = homeHead(publicUrl, new URL(key ?? '/', url).searchParams);
      // The filter form submitted without JavaScript: a redirect, never kept.
      if (key === null) {
        return sendUnkept(reply, (await rendering.render(`/${url.search}`, head))!, 200);
      }
      const directoryVersion = await organizations.directoryVersion();
      // Its cards count open roles, which a passing day lowers without moving the version.
      const expiredOn = await organizations.rolesExpiredOn(directoryVersion);
      return sendKept(request, reply, {
        key,
        dependsOn: `${directoryVersion} ${expiredOn} ${referenceVersion}`,
        head,
        basis: { directoryVersion, shown: [] },
        counts: 'impressions',
      });
    }
    const role = await options.roles.rolePage(pathname);
    if (role) return sendRole(request, reply, pathname, role, referenceVersion);
    const organizationMatch = organizationPath.exec(pathname);
    if (organizationMatch) {
      const id = decodedSegment(organizationMatch[1]!);
      if (id === null) return sendNotFound(reply, pathname);
      const version = await organizations.profileVersion(id);
      if (version === null) return sendMissingProfile(reply, id);
      return sendKept(request, reply, {
        key: organizationUrl(id),
        dependsOn: `${version} ${referenceVersion}`,
        head: heads.headOfProfile,
        storedAs: id,
        counts: 'views',
      });
    }
    const route = spaRoute(pathname);
    if (!route) return sendNotFound(reply, pathname);
    // The open roles: the directory's version moves with every role written (migrations 0020,
    // 0022), and a role closes at midnight UTC with no write (ADR 044).
    const listed = pathname === '/roles' ? await organizations.directoryVersion() : null;
    const key = rendering.pageKey(url.href) ?? pathname;
    const head = heads.routeHead(pathname, route);
    return sendKept(request, reply, {
      key,
      dependsOn: listed === null ? referenceVersion : `${listed} ${referenceVersion} ${utcToday()}`,
      head:
        listed === null
          ? head
          : { ...head, alternates: feedLinks(publicUrl, 'roles', new URL(key, url).searchParams) },
      ...(listed === null ? {} : { basis: { directoryVersion: listed } }),
      counts: null,
    });
  }

  /**
   * A role's page (ADR 043): an open one kept while its organization's row and the day hold; one
   * no longer open rendered as a 410 page, not kept: a crawler asks for it once or twice, then
   * drops it.
   */
  async function sendRole(
    request: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
    role: RolePage,
    referenceVersion: string,
  ) {
    if (role.kind === 'missing') return sendNotFound(reply, pathname);
    if (role.kind === 'gone') {
      return sendUnkept(reply, (await rendering.render(role.key, role.head))!, 410);
    }
    return sendKept(request, reply, {
      key: role.key,
      dependsOn: `${role.dependsOn} ${referenceVersion}`,
      head: role.head,
      counts: { organizationId: role.organizationId, roleId: role.roleId },
    });
  }

  /** Stores a published profile's page for `version` unless it is stored (the regeneration job). */
  async function regenerate(
    id: string,
    version: string,
    whenIdle: () => Promise<void>,
  ): Promise<Regeneration> {
    const key = organizationUrl(id);
    return keeping.regenerate(
      {
        key,
        dependsOn: `${version} ${(await reference.snapshot()).version}`,
        storedAs: id,
        render: () => renderToKeep(key, heads.headOfProfile, undefined, { rendered: null }),
      },
      whenIdle,
    );
  }

  return { send, regenerate };
}
