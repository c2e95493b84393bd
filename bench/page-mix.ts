/**
 * The page requests of `npm run bench -- --suite pages`, made with fixed seeds:
 *   profiles  /organizations/{id} of published organizations, once the server has stored every
 *             profile's page (ADR 030): what a crawler meets
 *   first-renders  the same, each page rendered for the request (a server without the stored
 *             pages: just after a bulk import, or a deploy, before they are stored again)
 *   home      filtered home pages, /?q=…&categories=…&country=… (and ?cursor= a third of the
 *             time), from the cold list mix's vocabulary (bench/request-mix.ts)
 *   og        /og/organizations/{id}.png, the profiles' share images
 *   embeds    /embed/organizations/{id}, the profiles' cards for other sites (ADR 052)
 *   badges    /embed/organizations/{id}/badge.svg, their badges
 *   repeat    300 page URLs, profiles and home pages, sent over and over
 *   feeds     the feeds (ADR 053), /feeds/organizations.atom and .rss, /feeds/roles.atom and
 *             .rss in turn, under the home pages' filters (no cursor): each URL new
 * All but repeat are distinct: no URL is handed out twice in a dataset's runs, warm-ups
 * included, and profiles, share images, cards and badges take their ids from one shuffled list,
 * so neither a stored share card nor a per-process cache can have seen a URL before.
 */
import { ALL_COUNTRIES_CODE, ORGANIZATION_LIST_MAX_LIMIT } from '@si/contracts';
import { coldMix, random, type RequestMix, type Vocabulary } from './request-mix.ts';

export const pageFigures = [
  'profiles',
  'first-renders',
  'home',
  'og',
  'embeds',
  'badges',
  'repeat',
  'feeds',
] as const;
export type PageFigure = (typeof pageFigures)[number];

/** Of each kind, in the repeat figure. */
const REPEATED_PROFILES = 150;
const REPEATED_HOME_PAGES = 150;

/** Every published organization's id, walking the whole list 100 at a time. */
export async function publishedIds(base: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(ORGANIZATION_LIST_MAX_LIMIT) });
    if (cursor) query.set('cursor', cursor);
    const response = await fetch(`${base}/api/organizations?${query}`);
    if (!response.ok) throw new Error(`/api/organizations?${query}: ${response.status}`);
    const body = (await response.json()) as {
      data: { id: string }[];
      meta: { nextCursor: string | null };
    };
    ids.push(...body.data.map((organization) => organization.id));
    cursor = body.meta.nextCursor;
  } while (cursor);
  return ids;
}

/**
 * On the home page `country=ALL` means no country at all (use-directory-filters.ts), not the
 * organizations working everywhere as in the API: those countries and the positions walked
 * under them are left out.
 */
function homeVocabulary(vocabulary: Vocabulary): Vocabulary {
  const named = (position: { filter: Record<string, string> }) =>
    position.filter.country !== ALL_COUNTRIES_CODE;
  return {
    ...vocabulary,
    countries: vocabulary.countries.filter((code) => code !== ALL_COUNTRIES_CODE),
    positions: vocabulary.positions.filter(named),
    deepest: vocabulary.deepest.filter(named),
  };
}

const homePath = (params: URLSearchParams) => {
  const query = params.toString();
  return query ? `/?${query}` : '/';
};

/**
 * What a home page URL shows, whatever its spelling: the server may keep a rendered page under
 * the URL as the web app reads it, so two URLs that differ only in the order of their categories
 * or the case of their words are the same page.
 */
function homeKey(url: string): string {
  const params = new URLSearchParams(url.slice(url.indexOf('?') + 1));
  const categories = (params.get('categories') ?? '').split(',').filter(Boolean).sort();
  const words = (params.get('q') ?? '').toLowerCase().trim().split(/\s+/);
  const country = (params.get('country') ?? '').toUpperCase();
  return JSON.stringify([[...new Set(categories)], country, words, params.get('cursor')]);
}

const DRAWS_PER_HOME_PAGE = 100;

/** Home page URLs from the cold list mix, none showing a page handed out before. */
function homePages(vocabulary: Vocabulary): RequestMix {
  const urls = coldMix(homeVocabulary(vocabulary), 3, homePath);
  const shown = new Set<string>();
  let repeated = 0;
  return {
    next() {
      let url = urls.next();
      for (let draw = 1; shown.has(homeKey(url)); draw += 1) {
        if (draw === DRAWS_PER_HOME_PAGE) {
          repeated += 1;
          return url;
        }
        url = urls.next();
      }
      shown.add(homeKey(url));
      return url;
    },
    distinct: () => shown.size,
    repeats: () => repeated,
  };
}

const feedPaths = [
  '/feeds/organizations.atom',
  '/feeds/organizations.rss',
  '/feeds/roles.atom',
  '/feeds/roles.rss',
];

/** Feed URLs under the home pages' filters, the four feeds in turn, none sent twice. */
function feedUrls(vocabulary: Vocabulary): RequestMix {
  let turn = 0;
  const urls = coldMix(homeVocabulary(vocabulary), 5, (params) => {
    params.delete('cursor');
    const query = params.toString();
    return `${feedPaths[turn++ % feedPaths.length]}${query ? `?${query}` : ''}`;
  });
  const sent = new Set<string>();
  let repeated = 0;
  return {
    next() {
      let url = urls.next();
      for (let draw = 1; sent.has(url); draw += 1) {
        if (draw === DRAWS_PER_HOME_PAGE) {
          repeated += 1;
          return url;
        }
        url = urls.next();
      }
      sent.add(url);
      return url;
    },
    distinct: () => sent.size,
    repeats: () => repeated,
  };
}

/** A figure's own count of what a shared mix handed out while it ran. */
function countedFrom(mix: RequestMix): RequestMix {
  const [distinctBefore, repeatsBefore] = [mix.distinct(), mix.repeats()];
  return {
    next: mix.next,
    distinct: () => mix.distinct() - distinctBefore,
    repeats: () => mix.repeats() - repeatsBefore,
  };
}

/** What a dataset's page figures are drawn from, made once, on its first server start. */
export interface PageSources {
  /** The published ids in a fixed random order, the repeat figure's first. */
  ids: string[];
  /** How many of `ids` were handed out (or kept for the repeat figure): the next is ids[taken]. */
  taken: number;
  /** Home page URLs, each new. */
  home: RequestMix;
  /** Feed URLs, each new. */
  feeds: RequestMix;
  /** The repeat figure's URLs: profiles and home pages in turn. */
  repeat: string[];
}

export function pageSources(ids: string[], vocabulary: Vocabulary): PageSources {
  if (ids.length === 0) throw new Error('no published organizations: nothing to build pages from');
  const next = random(11);
  const shuffled = [...ids];
  for (let index = shuffled.length - 1; index > 0; index -= 1) {
    const other = Math.floor(next() * (index + 1));
    [shuffled[index], shuffled[other]] = [shuffled[other]!, shuffled[index]!];
  }
  const home = homePages(vocabulary);
  // Kept out of the distinct figures: the first ids and the first home pages.
  const profiles = shuffled.slice(0, Math.min(REPEATED_PROFILES, Math.ceil(ids.length / 10)));
  const repeat: string[] = [];
  for (let index = 0; index < Math.max(profiles.length, REPEATED_HOME_PAGES); index += 1) {
    if (index < profiles.length) repeat.push(`/organizations/${profiles[index]}`);
    if (index < REPEATED_HOME_PAGES) repeat.push(home.next());
  }
  return { ids: shuffled, taken: profiles.length, home, feeds: feedUrls(vocabulary), repeat };
}

/**
 * One figure's (or warm-up's) paths. A distinct figure takes new ones from the sources; once
 * the ids run out (a small dataset, a fast server) it sends its own again, counted as repeats.
 */
export function figureMix(figure: PageFigure, sources: PageSources): RequestMix {
  if (figure === 'repeat') {
    let sent = 0;
    return {
      next: () => sources.repeat[sent++ % sources.repeat.length]!,
      distinct: () => Math.min(sent, sources.repeat.length),
      repeats: () => Math.max(0, sent - sources.repeat.length),
    };
  }
  if (figure === 'home') return countedFrom(sources.home);
  if (figure === 'feeds') return countedFrom(sources.feeds);
  const paths: Record<Exclude<PageFigure, 'repeat' | 'home' | 'feeds'>, (id: string) => string> = {
    profiles: (id) => `/organizations/${id}`,
    'first-renders': (id) => `/organizations/${id}`,
    og: (id) => `/og/organizations/${id}.png`,
    embeds: (id) => `/embed/organizations/${id}`,
    badges: (id) => `/embed/organizations/${id}/badge.svg`,
  };
  const pathOf = paths[figure];
  const mine: string[] = [];
  let repeated = 0;
  return {
    next() {
      if (sources.taken < sources.ids.length) {
        const id = sources.ids[sources.taken++]!;
        mine.push(id);
        return pathOf(id);
      }
      repeated += 1;
      // Never the repeat figure's ids unless nothing else is left.
      return pathOf(mine[repeated % Math.max(mine.length, 1)] ?? sources.ids[0]!);
    },
    distinct: () => mine.length,
    repeats: () => repeated,
  };
}
