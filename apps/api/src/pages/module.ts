import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { SiteInfo } from '@si/contracts';
import { SHARE_CARDS_PREFIX } from '../adapters/storage/storage.ts';
import type { ModuleContext } from '../assembly/context.ts';
import type { InsightsService } from '../modules/insights/service.ts';
import type { OrganizationService } from '../modules/organizations/service.ts';
import type { OrganizationRepository } from '../modules/organizations/repository.ts';
import type { ReferenceService } from '../modules/reference/service.ts';
import type { RolePageQueries } from '../modules/roles/role-page-queries.ts';
import { defaultWebDist } from '../package-paths.ts';
import { embedRoutes } from './embeds/embed-routes.ts';
import { createPageCache, createPageStore } from './keeping/index.ts';
import { webRoutes } from './routes.ts';
import { seoRoutes } from './seo-routes.ts';
import { shareCardsJob } from './share-images/share-cards-job.ts';
import { createShareImages } from './share-images/share-images.ts';

/**
 * Soon after start, the stored pages are checked: a deploy or a restore names every profile's
 * page anew, and they should be stored again before a crawler comes.
 */
const PAGE_REGENERATION_FIRST_RUN_MS = 2_000;

/**
 * The public pages: rendered on the server and kept (ADR 027, 030), the sitemap and robots,
 * every profile's share card, drawn ahead and stored (ADR 026), and its badge and card for
 * other sites to embed (ADR 052).
 */
export function pagesModule(
  context: ModuleContext,
  deps: {
    organizations: { service: OrganizationService; repository: OrganizationRepository };
    roles: RolePageQueries;
    reference: ReferenceService;
    insights: Pick<InsightsService, 'count' | 'countRole'>;
    site: SiteInfo;
  },
) {
  const { config, storage, log, traffic } = context;
  const pageCache = createPageCache({ maxBytes: Math.floor(config.PAGE_CACHE_MB * 1024 * 1024) });
  const pageStore = createPageStore(path.resolve(config.DATA_DIR, 'pages'));
  context.metrics?.readFrom({ pageCache: pageCache.stats });
  const shareImages = createShareImages({
    organizations: deps.organizations.repository,
    reference: deps.reference,
    storage,
    host: new URL(config.publicUrl).host,
    log,
    onDrawn: context.metrics?.shareCardDrawn,
  });
  const shareCards = shareCardsJob({
    db: context.db,
    cards: {
      // A profile unpublished or deleted: its stored pages go with its cards.
      refresh: async (organizationId) => {
        const done = await shareImages.refresh(organizationId);
        if (done === 'removed') await pageStore.remove(organizationId);
        return done;
      },
    },
    busy: traffic.busy,
    logger: log,
  });
  // Often: a newly published profile's card should be drawn before anyone shares it.
  context.jobs.add('drawShareCards', shareCards, shareCards.run, {
    everyMs: config.SHARE_CARDS_INTERVAL_MS,
  });
  // Until the page routes have a renderer (a web build), there are no pages to store.
  context.jobs.expose('regenerateProfilePages', async () => null);

  async function routes(app: FastifyInstance) {
    // Cards answered but not yet stored are stored first: onClose hooks run last added first,
    // so the Storage's own closes after this one.
    app.addHook('onClose', () => shareImages.settle());
    await app.register(seoRoutes, {
      publicUrl: config.publicUrl,
      organizations: deps.organizations.repository,
      roles: deps.roles,
      shareImages,
      insights: deps.insights,
    });
    await app.register(embedRoutes, {
      publicUrl: config.publicUrl,
      organizations: deps.organizations.service,
      reference: deps.reference,
      insights: deps.insights,
    });
    await app.register(webRoutes, {
      distDir: config.WEB_DIST_DIR ?? defaultWebDist,
      storage,
      publicUrl: config.publicUrl,
      organizations: deps.organizations.service,
      reference: deps.reference,
      roles: deps.roles,
      pageCache,
      pageStore,
      insights: deps.insights,
      renderedWith: JSON.stringify(deps.site),
      busy: traffic.busy,
      onRegenerationJob: (job) =>
        context.jobs.add('regenerateProfilePages', job, job.run, {
          everyMs: config.PAGE_REGENERATION_INTERVAL_MS,
          firstAfterMs: PAGE_REGENERATION_FIRST_RUN_MS,
        }),
    });
  }

  return {
    /** Draws one card nobody asked for, so the first request does not wait (ADR 026). */
    prepareShareCards: shareImages.prepare,
    cards: { prefix: SHARE_CARDS_PREFIX, liveCardCheck: shareImages.liveCardCheck },
    routes,
  };
}
