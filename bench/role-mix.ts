/**
 * The `roles` mix of the list suite: GET /api/roles (ADR 044), every request different, its
 * words and cursor positions taken from the data as the directory's cold mix takes them
 * (bench/request-mix.ts), so no cache can help.
 */
import { MAX_FILTER_CATEGORIES, roleKinds } from '@si/contracts';
import { random, type RequestMix } from './request-mix.ts';

interface RolePage {
  data: { id: string; title: string; organizationName: string; postedAt: string }[];
  meta: { total: number; nextCursor: string | null };
}

/** What the roles mix is made of, gathered once per database through the API. */
export interface RoleVocabulary {
  categories: string[];
  countries: string[];
  /** Words of the titles and organizations' names seen, lower case, letters only. */
  words: string[];
  /** After every role on the first 50 pages of a few lists. */
  positions: { filter: Record<string, string>; cursor: string }[];
}

const WALK_PAGES = 50;

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

const rolesPath = (params: URLSearchParams) => {
  const query = params.toString();
  return `/api/roles${query ? `?${query}` : ''}`;
};

/** A cursor after `role`, as the API writes one: its (posted, id) position. */
const cursorAfter = (role: RolePage['data'][number]) =>
  Buffer.from(JSON.stringify([role.postedAt, role.id])).toString('base64url');

/** Walks the first 50 pages of four lists (everything, a kind, remote, a country). */
export async function collectRoleVocabulary(base: string): Promise<RoleVocabulary> {
  const next = random(11);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const categories = (await json<{ data: { id: string }[] }>(`${base}/api/categories`)).data.map(
    (category) => category.id,
  );
  const countries = (
    await json<{ data: { code: string }[] }>(`${base}/api/organizations/active-countries`)
  ).data.map((country) => country.code);
  const lists: Record<string, string>[] = [
    {},
    { kind: pick(roleKinds) },
    { remote: 'true' },
    { country: pick(countries.filter((code) => code !== 'ALL')) },
  ];
  const words = new Set<string>();
  const positions: RoleVocabulary['positions'] = [];
  for (const filter of lists) {
    let cursor: string | null = null;
    for (let page = 0; page < WALK_PAGES; page += 1) {
      const query = new URLSearchParams(filter);
      if (cursor) query.set('cursor', cursor);
      const body: RolePage = await json<RolePage>(`${base}${rolesPath(query)}`);
      for (const role of body.data) {
        const text = `${role.title} ${role.organizationName}`.toLowerCase();
        for (const word of text.match(/\p{L}{2,}/gu) ?? []) words.add(word);
        positions.push({ filter, cursor: cursorAfter(role) });
      }
      cursor = body.meta.nextCursor;
      if (!cursor) break;
    }
  }
  if (words.size === 0 || positions.length === 0) {
    throw new Error('no open roles: nothing to build the roles mix from');
  }
  return { categories, countries, words: [...words].sort(), positions };
}

/**
 * Paths made up on demand, each one new. A third continue a walked list from a position up to
 * 50 pages deep; the others combine a text prefix, one or two kinds, remote, a country and one
 * to three categories, each present some of the time. One in fifty asks for the most the API
 * accepts: every category that may be combined, or every kind with a long search.
 */
export function roleMix(vocabulary: RoleVocabulary, seed = 3): RequestMix {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const { categories, countries, words, positions } = vocabulary;
  const several = (items: readonly string[], count: number) => {
    const chosen = new Set<string>();
    while (chosen.size < Math.min(count, items.length)) chosen.add(pick(items));
    return [...chosen].join(',');
  };
  const prefix = () => {
    const word = pick(words);
    return word.slice(0, 2 + Math.floor(next() * (word.length - 1)));
  };

  function request(): URLSearchParams {
    if (next() < 0.02) {
      return next() < 0.5
        ? new URLSearchParams({ categories: several(categories, MAX_FILTER_CATEGORIES) })
        : new URLSearchParams({
            kind: roleKinds.join(','),
            q: Array.from({ length: 8 }, prefix).join(' '),
          });
    }
    const start = next() < 1 / 3 ? pick(positions) : null;
    const params = new URLSearchParams(start?.filter);
    if (start) params.set('cursor', start.cursor);
    if (next() < 0.5) params.set('q', next() < 0.7 ? prefix() : `${prefix()} ${prefix()}`);
    if (next() < 0.4 && !params.has('kind')) {
      params.set('kind', several(roleKinds, 1 + Math.floor(next() * 2)));
    }
    if (next() < 0.2) params.set('remote', 'true');
    if (next() < 0.4 && !params.has('country')) params.set('country', pick(countries));
    if (next() < 0.3) params.set('categories', several(categories, 1 + Math.floor(next() * 3)));
    return params;
  }

  const sent = new Set<string>();
  let repeated = 0;
  let last = rolesPath(new URLSearchParams());
  return {
    next() {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const path = rolesPath(request());
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
