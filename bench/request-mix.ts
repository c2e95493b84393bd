/**
 * The list requests the benchmark sends: what visitors do on the home page. A fixed seed keeps
 * the mix the same from run to run.
 */
interface Named {
  id?: string;
  code?: string;
}

const searchTerms = [
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

function random(seed: number) {
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

export async function buildRequestPaths(base: string, count: number): Promise<string[]> {
  const next = random(42);
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
  const categories = (await json<{ data: Named[] }>(`${base}/api/categories`)).data.map(
    (c) => c.id!,
  );
  const countries = (
    await json<{ data: Named[] }>(`${base}/api/organizations/active-countries`)
  ).data.map((c) => c.code!);
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
      params.set('q', pick(searchTerms));
      if (next() < 0.3) params.set('categories', pick(categories));
    } else {
      // Deep in a list: follow the cursor as a visitor scrolling far would.
      const filter = new URLSearchParams(next() < 0.5 ? {} : { categories: pick(categories) });
      let cursor: string | null = null;
      const depth = 5 + Math.floor(next() * 30);
      for (let page = 0; page < depth; page += 1) {
        const query = new URLSearchParams(filter);
        if (cursor) query.set('cursor', cursor);
        const body: { meta: { nextCursor: string | null } } = await json(
          `${base}/api/organizations?${query}`,
        );
        if (!body.meta.nextCursor) break;
        cursor = body.meta.nextCursor;
      }
      if (cursor) params.set('cursor', cursor);
      for (const [key, value] of filter) params.set(key, value);
    }
    const query = params.toString();
    paths.push(`/api/organizations${query ? `?${query}` : ''}`);
  }
  return paths;
}
