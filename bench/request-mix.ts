/**
 * The list requests the benchmark sends, made with fixed seeds so a mix is the same from run to
 * run on the same data.
 *
 * warm: about 400 paths of what visitors do on the home page, repeated, so the server's own
 * caches answer most of them. cold: every path different, never repeated, its words and cursor
 * positions taken from the data, so no cache can help; a few carry the largest values the API
 * accepts (a 200-character q, as many categories as may be combined, the deepest cursor).
 */
import { DEFAULT_CATEGORY_ID, MAX_FILTER_CATEGORIES, SEARCH_QUERY_MAX } from '@si/contracts';
import { encodeCursor } from '../apps/api/src/modules/organizations/cursor.ts';

export interface RequestMix {
  /** The path of the next request. */
  next(): string;
  /** Distinct paths handed out so far. */
  distinct(): number;
  /** Paths handed out again: by design in warm, a shortfall (to report) in cold. */
  repeats(): number;
}

interface ListPage {
  data: { id: string; name: string; description: string; location: string }[];
  meta: { total: number; nextCursor: string | null };
}

/** A fixed sequence of numbers in [0, 1) for a seed. */
export function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

const listPath = (params: URLSearchParams) => {
  const query = params.toString();
  return `/api/organizations${query ? `?${query}` : ''}`;
};

async function referenceData(base: string) {
  const categories = (await json<{ data: { id: string }[] }>(`${base}/api/categories`)).data
    .map((category) => category.id)
    .filter((id) => id !== DEFAULT_CATEGORY_ID);
  const countries = (
    await json<{ data: { code: string }[] }>(`${base}/api/organizations/active-countries`)
  ).data.map((country) => country.code);
  return { categories, countries };
}

const warmSearchTerms = [
  'water',
  'solar',
  'clinic',
  'river',
  'bright harvest',
  'seed',
  'youth coding',
  'legal aid',
  'coral',
  'bakeries',
  'district 4',
  'mentor',
];

/** `count` paths, handed out in turn, over and over. */
export async function warmMix(base: string, count = 400): Promise<RequestMix> {
  const next = random(42);
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
  const { categories, countries } = await referenceData(base);
  const paths: string[] = [];
  while (paths.length < count) {
    const roll = next();
    const params = new URLSearchParams();
    if (roll < 0.2) {
      // the home page as it opens
    } else if (roll < 0.4) {
      params.set('country', pick(countries));
    } else if (roll < 0.7) {
      const chosen = new Set<string>();
      const wanted = 1 + Math.floor(next() * 3);
      while (chosen.size < wanted) chosen.add(pick(categories));
      params.set('categories', [...chosen].join(','));
      if (next() < 0.4) params.set('country', pick(countries));
    } else if (roll < 0.85) {
      params.set('q', pick(warmSearchTerms));
      if (next() < 0.3) params.set('categories', pick(categories));
    } else {
      // Deep in a list: follow the cursor as a visitor scrolling far would.
      const filter = new URLSearchParams(next() < 0.5 ? {} : { categories: pick(categories) });
      let cursor: string | null = null;
      const depth = 5 + Math.floor(next() * 30);
      for (let page = 0; page < depth; page += 1) {
        const query = new URLSearchParams(filter);
        if (cursor) query.set('cursor', cursor);
        const body = await json<ListPage>(`${base}${listPath(query)}`);
        if (!body.meta.nextCursor) break;
        cursor = body.meta.nextCursor;
      }
      if (cursor) params.set('cursor', cursor);
      for (const [key, value] of filter) params.set(key, value);
    }
    paths.push(listPath(params));
  }
  let sent = 0;
  return {
    next: () => paths[sent++ % paths.length]!,
    distinct: () => new Set(paths.slice(0, sent)).size,
    repeats: () => sent - new Set(paths.slice(0, sent)).size,
  };
}

/** A place in a walked list: its filter and a cursor after one of its organizations. */
interface Position {
  filter: Record<string, string>;
  cursor: string;
}

/** What the cold mix is made of, gathered once per database through the API. */
export interface Vocabulary {
  categories: string[];
  /** Countries that have organizations, ALL (organizations working everywhere) among them. */
  countries: string[];
  /** Words of the names, descriptions and locations seen, in lower case, letters only. */
  words: string[];
  /** After every organization on the first 50 pages of a few lists. */
  positions: Position[];
  /** The last of those in each list: the deepest cursors. */
  deepest: Position[];
}

const WALK_PAGES = 50;

/**
 * Walks the first 50 pages of five lists (everything, a country, ALL, a category, a category in
 * a country), keeping each organization's (name, id) as a cursor position and the words of its
 * texts. The narrower lists reach past the first names in alphabetical order, so the words cover
 * the whole vocabulary of the data. Numbers (the synthetic names end in one) are left out:
 * visitors search for words.
 */
export async function collectVocabulary(base: string): Promise<Vocabulary> {
  const next = random(7);
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
  const { categories, countries } = await referenceData(base);
  if (!countries.includes('ALL')) countries.push('ALL');
  const namedCountries = countries.filter((code) => code !== 'ALL');
  const lists: Record<string, string>[] = [
    {},
    { country: pick(namedCountries) },
    { country: 'ALL' },
    { categories: pick(categories) },
    { categories: pick(categories), country: pick(namedCountries) },
  ];
  const words = new Set<string>();
  const positions: Position[] = [];
  const deepest: Position[] = [];
  for (const filter of lists) {
    let cursor: string | null = null;
    for (let page = 0; page < WALK_PAGES; page += 1) {
      const query = new URLSearchParams(filter);
      if (cursor) query.set('cursor', cursor);
      const body: ListPage = await json<ListPage>(`${base}${listPath(query)}`);
      for (const organization of body.data) {
        const text = `${organization.name} ${organization.description} ${organization.location}`;
        for (const word of text.toLowerCase().match(/\p{L}{2,}/gu) ?? []) words.add(word);
        positions.push({ filter, cursor: encodeCursor([organization.name, organization.id]) });
      }
      cursor = body.meta.nextCursor;
      if (!cursor) break;
    }
    if (positions.at(-1)?.filter === filter) deepest.push(positions.at(-1)!);
  }
  if (words.size === 0 || positions.length === 0) {
    throw new Error('the directory is empty: nothing to build the cold mix from');
  }
  return { categories, countries, words: [...words].sort(), positions, deepest };
}

const ATTEMPTS_PER_PATH = 100;

/**
 * Paths made up on demand, each one new: a Set keeps what was sent, and a path already sent is
 * drawn again (after `ATTEMPTS_PER_PATH` draws the mix gives up and counts a repeat).
 *
 * A third of the requests continue a walked list from a position up to 50 pages deep; filters
 * added to one only narrow that list, so the cursor stays at most that deep. The others combine
 * a text prefix (two letters up to a whole word, sometimes two words), one to three categories
 * and a country (ALL too), each present half the time, and a fifth of them ask for verified
 * organizations only. One in fifty is an extreme request.
 * `pathOf` makes the path of a query (the home page's, for the pages suite).
 */
export function coldMix(vocabulary: Vocabulary, seed = 1, pathOf = listPath): RequestMix {
  const next = random(seed);
  const verifiedRoll = random(seed + 1000);
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
  const { categories, countries, words, positions, deepest } = vocabulary;
  const pickCategories = (count: number) => {
    const chosen = new Set<string>();
    while (chosen.size < Math.min(count, categories.length)) chosen.add(pick(categories));
    return [...chosen].join(',');
  };
  const prefix = () => {
    const word = pick(words);
    return word.slice(0, 2 + Math.floor(next() * (word.length - 1)));
  };
  /** Whole words up to exactly the longest search the API accepts. */
  const longestSearch = () => {
    let text = pick(words);
    while (text.length < SEARCH_QUERY_MAX) text += ` ${pick(words)}`;
    return text.slice(0, SEARCH_QUERY_MAX);
  };

  function extreme(): URLSearchParams {
    const kind = Math.floor(next() * 4);
    const start = kind === 2 || kind === 3 ? pick(deepest) : null;
    const params = new URLSearchParams(start?.filter);
    if (start) params.set('cursor', start.cursor);
    if (kind === 0 || kind === 3) params.set('q', longestSearch());
    if (kind === 1 || kind === 3) params.set('categories', pickCategories(MAX_FILTER_CATEGORIES));
    // A random country keeps the few deepest cursors from repeating.
    if (kind === 2 && !params.has('country')) params.set('country', pick(countries));
    if (kind === 2 && next() < 0.5) params.set('q', prefix());
    return params;
  }

  function ordinary(): URLSearchParams {
    const start = next() < 1 / 3 ? pick(positions) : null;
    const params = new URLSearchParams(start?.filter);
    if (start) params.set('cursor', start.cursor);
    if (next() < 0.5) params.set('q', next() < 0.7 ? prefix() : `${prefix()} ${prefix()}`);
    if (next() < 0.5 && !params.has('categories')) {
      params.set('categories', pickCategories(1 + Math.floor(next() * 3)));
    }
    if (next() < 0.5 && !params.has('country')) params.set('country', pick(countries));
    // Its own sequence: the rest of the mix stays what it was before the filter existed.
    if (verifiedRoll() < 0.2) params.set('verified', 'true');
    return params;
  }

  const sent = new Set<string>();
  let repeated = 0;
  let last = pathOf(new URLSearchParams());
  return {
    next() {
      for (let attempt = 0; attempt < ATTEMPTS_PER_PATH; attempt += 1) {
        const path = pathOf(next() < 0.02 ? extreme() : ordinary());
        if (!sent.has(path)) {
          sent.add(path);
          last = path;
          return path;
        }
      }
      repeated += 1;
      return last;
    },
    distinct: () => sent.size,
    repeats: () => repeated,
  };
}
