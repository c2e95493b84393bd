import type { Organization } from '@si/contracts';
import type { ReferenceService } from '../modules/reference/service.ts';
import { renderHeadTags, type PageHead } from './head-tags.ts';
import type { IndexTemplate } from './index-template.ts';
import type { PageCache } from './keeping/index.ts';
import type { PageRenderer, RenderBasis } from './server-renderer.ts';

/** Writes a profile page's head from the profile its render showed; null when it showed none. */
export type HeadOfProfile = (organization: Organization | null) => Promise<PageHead | null>;

export type Rendered =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; complete: boolean; headTags: string; body: string; state: string };

export interface PageRenderingOptions {
  template: IndexTemplate;
  renderer: PageRenderer;
  reference: ReferenceService;
  /** Counts every render, kept or not. */
  pageCache: Pick<PageCache, 'rendered'>;
}

/** One server render of a page, and its HTML in the built template. */
export function createPageRendering({
  template,
  renderer,
  reference,
  pageCache,
}: PageRenderingOptions) {
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
    const result = await renderer.render(`http://localhost${url}`, basis);
    if (result.kind === 'redirect') return result;
    const headTags = typeof head === 'function' ? await head(result.organization) : head;
    if (!headTags) return null;
    // The page's route modules load with the app, after the first paint (main.tsx).
    const modules = renderer
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

  return { render, html, pageKey: (url: string) => renderer.pageKey(url) };
}

export type PageRendering = ReturnType<typeof createPageRendering>;
