import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationListMeta, OrganizationSummary } from '@si/contracts';
import type { Database } from '../src/db/client.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

/**
 * The directory's answers are exact: after any sequence of writes, made in SQL as any writer
 * would (another process, a job, an operator), GET /api/organizations answers every filter with
 * the total, the facet counts and the pages that a plain SQL query over the same filter gives.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

type ListBody = { data: OrganizationSummary[]; meta: OrganizationListMeta };
type Executor = Pick<Database, 'execute'>;

/** Page size of the checks: small, so that a few organizations already need the cursor. */
const PAGE = 4;

/** Words sharing prefixes, in both cases, with a hyphen, an accent and digits. */
const WORDS = [
  'water',
  'Waterway',
  'waterworks',
  'solar',
  'Sol',
  'solace',
  'clinic',
  'Clinics',
  'co-op',
  'Río',
  'ríos',
  'h2o',
  '2030',
  '42',
];
const PLACES = ['', 'Nairobi', 'Río Negro', 'Lima', 'Sol'];

interface NewOrganization {
  name: string;
  description: string;
  location: string;
  country: string;
  categoryIds: string[];
  published: boolean;
  /** The domain of its Verified badge, or null. */
  verifiedDomain: string | null;
}

type Write =
  | { kind: 'create'; organizations: NewOrganization[] }
  | {
      kind: 'edit';
      target: number;
      changes: Partial<Omit<NewOrganization, 'published'>>;
    }
  | { kind: 'publish' | 'unpublish' | 'delete'; target: number }
  | { kind: 'verify'; target: number; domain: string | null }
  | { kind: 'unpublishCountry'; country: string }
  | { kind: 'publishCategory'; categoryId: string }
  | { kind: 'deleteUnpublished' }
  | { kind: 'moveCountry'; from: string; to: string }
  | { kind: 'renameInCategory'; categoryId: string; word: string }
  | { kind: 'dropCategory'; categoryId: string }
  | { kind: 'addCategoryInCountry'; categoryId: string; country: string };

/** How a batch of writes commits: one by one, in one transaction, or not at all. */
type Commit = 'each' | 'together' | 'rolledBack';

interface Filter {
  country?: string | undefined;
  categories: string[];
  q?: string | undefined;
  verified?: boolean | undefined;
}

interface Batch {
  writes: Write[];
  commit: Commit;
  filters: Filter[];
}

interface Summary {
  id: string;
  name: string;
  description: string;
  location: string;
  country: string;
  categoryIds: string[];
}

class RolledBack extends Error {}

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const textArray = (values: string[]): SQL =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`ARRAY[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;

/** The i-th organization in id order (any state), or null when there is none. */
async function pick(db: Executor, target: number): Promise<string | null> {
  const ids = await rows<{ id: string }>(db, sql`select id from organizations order by id`);
  return ids.length === 0 ? null : ids[target % ids.length]!.id;
}

async function apply(db: Executor, write: Write): Promise<void> {
  switch (write.kind) {
    case 'create': {
      const values = write.organizations.map(
        (o) =>
          sql`(${o.name}, ${o.description}, ${o.location}, ${o.country}, ${textArray(o.categoryIds)}, ${o.published}, 'property-test', ${o.verifiedDomain}, ${o.verifiedDomain ? sql`now()` : null})`,
      );
      // Several organizations are one multi-row statement.
      await db.execute(sql`
        insert into organizations (name, description, location, country, category_ids, published, created_by, verified_domain, verified_at)
        values ${sql.join(values, sql`, `)}`);
      return;
    }
    case 'edit': {
      const id = await pick(db, write.target);
      if (!id) return;
      const { name, description, location, country, categoryIds } = write.changes;
      const sets: SQL[] = [];
      if (name !== undefined) sets.push(sql`name = ${name}`);
      if (description !== undefined) sets.push(sql`description = ${description}`);
      if (location !== undefined) sets.push(sql`location = ${location}`);
      if (country !== undefined) sets.push(sql`country = ${country}`);
      if (categoryIds !== undefined) sets.push(sql`category_ids = ${textArray(categoryIds)}`);
      // An update that changes nothing is still a write the directory sees.
      if (sets.length === 0) sets.push(sql`name = name`);
      await db.execute(sql`update organizations set ${sql.join(sets, sql`, `)} where id = ${id}`);
      return;
    }
    case 'publish':
    case 'unpublish':
    case 'delete': {
      const id = await pick(db, write.target);
      if (!id) return;
      await db.execute(
        write.kind === 'delete'
          ? sql`delete from organizations where id = ${id}`
          : sql`update organizations set published = ${write.kind === 'publish'} where id = ${id}`,
      );
      return;
    }
    case 'verify': {
      const id = await pick(db, write.target);
      if (!id) return;
      await db.execute(
        sql`update organizations set verified_domain = ${write.domain}, verified_at = ${write.domain ? sql`now()` : null} where id = ${id}`,
      );
      return;
    }
    // The rest change many rows in one statement.
    case 'unpublishCountry':
      await db.execute(
        sql`update organizations set published = false where country = ${write.country}`,
      );
      return;
    case 'publishCategory':
      await db.execute(
        sql`update organizations set published = true where category_ids @> ${textArray([write.categoryId])}`,
      );
      return;
    case 'deleteUnpublished':
      await db.execute(sql`delete from organizations where not published`);
      return;
    case 'moveCountry':
      await db.execute(
        sql`update organizations set country = ${write.to} where country = ${write.from}`,
      );
      return;
    case 'renameInCategory':
      await db.execute(
        sql`update organizations set name = name || ' ' || ${write.word} where ${write.categoryId} = any(category_ids)`,
      );
      return;
    case 'dropCategory':
      await db.execute(
        sql`update organizations set category_ids = array_remove(category_ids, ${write.categoryId}) where ${write.categoryId} = any(category_ids)`,
      );
      return;
    case 'addCategoryInCountry':
      await db.execute(
        sql`update organizations set category_ids = category_ids || ${textArray([write.categoryId])}
            where country = ${write.country} and not (${write.categoryId} = any(category_ids))`,
      );
      return;
  }
}

async function commit(db: Database, batch: Batch): Promise<void> {
  if (batch.commit === 'each') {
    for (const write of batch.writes) await apply(db, write);
    return;
  }
  try {
    await db.transaction(async (tx) => {
      for (const write of batch.writes) await apply(tx, write);
      if (batch.commit === 'rolledBack') throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
}

/** The documented search: letters and digits only, lower case, each word a prefix, all required. */
function prefixTsQuery(text: string): string | null {
  const terms =
    text
      .trim()
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  return terms.length === 0 ? null : terms.map((term) => `${term}:*`).join(' & ');
}

/** The filter in plain SQL, on the organizations table alone. */
function matching(filter: Filter): SQL {
  const conditions: SQL[] = [sql`published`];
  if (filter.country && filter.country !== 'ALL') {
    conditions.push(sql`country in (${filter.country}, 'ALL')`);
  }
  if (filter.categories.length > 0) {
    conditions.push(sql`category_ids @> ${textArray(filter.categories)}`);
  }
  if (filter.verified) conditions.push(sql`verified_domain is not null`);
  const tsQuery = filter.q === undefined ? null : prefixTsQuery(filter.q);
  if (tsQuery) {
    conditions.push(
      sql`(to_tsvector('simple', name) || to_tsvector('simple', description) || to_tsvector('simple', location)) @@ to_tsquery('simple', ${tsQuery})`,
    );
  }
  return sql.join(conditions, sql` and `);
}

async function sqlAnswer(db: Database, filter: Filter) {
  const where = matching(filter);
  const [count] = await rows<{ n: number; verified: number }>(
    db,
    sql`select count(*)::int as n, count(verified_domain)::int as verified
        from organizations where ${where}`,
  );
  const facetRows = await rows<{ categoryId: string; n: number }>(
    db,
    sql`select c.category_id as "categoryId", count(*)::int as n
        from organizations cross join lateral unnest(category_ids) as c(category_id)
        where ${where} group by c.category_id`,
  );
  const firstPages = await rows<Summary>(
    db,
    sql`select id, name, description, location, country, category_ids as "categoryIds"
        from organizations where ${where}
        order by name collate "C", id limit ${PAGE * 2}`,
  );
  return {
    total: Number(count!.n),
    verified: Number(count!.verified),
    facets: Object.fromEntries(facetRows.map((row) => [row.categoryId, Number(row.n)])),
    firstPages,
  };
}

function listUrl(filter: Filter, cursor?: string): string {
  const params = new URLSearchParams();
  if (filter.country) params.set('country', filter.country);
  if (filter.categories.length > 0) params.set('categories', filter.categories.join(','));
  if (filter.q !== undefined) params.set('q', filter.q);
  if (filter.verified) params.set('verified', 'true');
  params.set('limit', String(PAGE));
  if (cursor) params.set('cursor', cursor);
  return `/api/organizations?${params}`;
}

const summary = ({ id, name, description, location, country, categoryIds }: Summary): Summary => ({
  id,
  name,
  description,
  location,
  country,
  categoryIds,
});

describe('directory totals, facets and pages equal a plain SQL count', () => {
  let ctx: TestContext;
  let categoryIds: string[];
  let unusedCategoryId: string;
  let countryCodes: string[];
  let unusedCountryCode: string;
  /** How often the checks met the cases that matter, so the property cannot pass vacuously. */
  const seen = {
    checks: 0,
    matched: 0,
    paged: 0,
    searchedAndMatched: 0,
    twoCategoriesMatched: 0,
    verifiedMatched: 0,
  };

  const list = async (filter: Filter, cursor?: string) => {
    const response = await ctx.app.inject({ method: 'GET', url: listUrl(filter, cursor) });
    return { status: response.statusCode, body: response.json() as ListBody };
  };

  async function check(filter: Filter) {
    const label = `filter ${JSON.stringify(filter)}`;
    const expected = await sqlAnswer(ctx.database.db, filter);
    const first = await list(filter);
    expect(first.status, label).toBe(200);
    expect(first.body.meta.total, label).toBe(expected.total);
    expect(first.body.meta.facets, label).toEqual(expected.facets);
    expect(first.body.meta.verified, label).toBe(expected.verified);
    expect(first.body.data.map(summary), label).toEqual(expected.firstPages.slice(0, PAGE));
    expect(first.body.meta.nextCursor !== null, `${label}: a next page`).toBe(
      expected.total > PAGE,
    );
    seen.checks += 1;
    if (expected.total > 0) seen.matched += 1;
    if (expected.total > 0 && prefixTsQuery(filter.q ?? '')) seen.searchedAndMatched += 1;
    if (expected.total > 0 && filter.categories.length >= 2) seen.twoCategoriesMatched += 1;
    if (expected.total > 0 && filter.verified) seen.verifiedMatched += 1;
    if (!first.body.meta.nextCursor) return;
    seen.paged += 1;
    const second = await list(filter, first.body.meta.nextCursor);
    expect(second.status, `${label}, page 2`).toBe(200);
    expect(second.body.meta.total, `${label}, page 2`).toBe(expected.total);
    expect(second.body.meta.facets, `${label}, page 2`).toEqual(expected.facets);
    expect(second.body.data.map(summary), `${label}, page 2`).toEqual(
      expected.firstPages.slice(PAGE, PAGE * 2),
    );
    expect(second.body.meta.nextCursor !== null, `${label}, page 2: a next page`).toBe(
      expected.total > PAGE * 2,
    );
  }

  beforeAll(async () => {
    ctx = await createTestApp({ DIRECTORY_CACHE_MS: '0' });
    const db = ctx.database.db;
    // Real reference data: one category from each of several groups, a few countries.
    const categories = await rows<{ id: string; groupId: string }>(
      db,
      sql`select id, group_id as "groupId" from categories where id <> 'default_category' order by group_id, sort_order`,
    );
    const firstOfGroup = categories.filter(
      (category, index) => categories[index - 1]?.groupId !== category.groupId,
    );
    const chosen = firstOfGroup.slice(0, 4).map((category) => category.id);
    const others = categories.filter((category) => !chosen.includes(category.id));
    // A fifth from a group already chosen; and one that no organization gets.
    categoryIds = [...chosen, others[0]!.id];
    unusedCategoryId = others[1]!.id;
    const countries = await rows<{ code: string }>(
      db,
      sql`select code from countries where code in ('KE', 'BR', 'PT', 'NZ') order by code`,
    );
    expect(countries.map((country) => country.code)).toEqual(['BR', 'KE', 'NZ', 'PT']);
    countryCodes = ['BR', 'KE', 'PT'];
    unusedCountryCode = 'NZ';
    expect(new Set(categoryIds).size).toBe(5);
  });
  afterAll(() => ctx?.close());

  it('after random writes, for random filters', { timeout: 180_000 }, async () => {
    const word = fc.constantFrom(...WORDS);
    const country = fc.constantFrom('ALL', ...countryCodes);
    const categoryId = fc.constantFrom(...categoryIds);
    const domain = fc.constantFrom(null, null, 'river.org', 'forest.example');
    const organization: fc.Arbitrary<NewOrganization> = fc.record({
      name: fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' ')),
      description: fc.array(word, { maxLength: 4 }).map((words) => words.join(' ')),
      location: fc.constantFrom(...PLACES),
      country,
      categoryIds: fc.shuffledSubarray(categoryIds, { maxLength: 3 }),
      published: fc.constantFrom(true, true, true, false),
      verifiedDomain: domain,
    });
    const target = fc.nat({ max: 50 });
    const write: fc.Arbitrary<Write> = fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .array(organization, { minLength: 1, maxLength: 5 })
          .map((organizations) => ({ kind: 'create' as const, organizations })),
      },
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('edit' as const),
          target,
          changes: fc.record(
            {
              name: organization.map((o) => o.name),
              description: organization.map((o) => o.description),
              location: fc.constantFrom(...PLACES),
              country,
              categoryIds: fc.shuffledSubarray(categoryIds, { maxLength: 3 }),
            },
            { requiredKeys: [] },
          ),
        }),
      },
      {
        weight: 6,
        arbitrary: fc.record({
          kind: fc.constantFrom('publish' as const, 'unpublish' as const, 'delete' as const),
          target,
        }),
      },
      {
        weight: 2,
        arbitrary: fc.record({ kind: fc.constant('verify' as const), target, domain }),
      },
      {
        weight: 2,
        arbitrary: fc.oneof(
          fc.record({ kind: fc.constant('unpublishCountry' as const), country }),
          fc.record({ kind: fc.constant('publishCategory' as const), categoryId }),
          fc.constant({ kind: 'deleteUnpublished' as const }),
          fc.record({ kind: fc.constant('moveCountry' as const), from: country, to: country }),
          fc.record({ kind: fc.constant('renameInCategory' as const), categoryId, word }),
          fc.record({ kind: fc.constant('dropCategory' as const), categoryId }),
          fc.record({ kind: fc.constant('addCategoryInCountry' as const), categoryId, country }),
        ),
      },
    );
    const prefix = word.chain((w) =>
      fc.integer({ min: 1, max: w.length }).map((n) => w.slice(0, n)),
    );
    const q = fc.oneof(
      { weight: 4, arbitrary: prefix },
      { weight: 2, arbitrary: fc.tuple(prefix, prefix).map(([a, b]) => `${a} ${b}`) },
      { weight: 1, arbitrary: prefix.map((p) => ` ${p.toUpperCase()} `) },
      { weight: 1, arbitrary: fc.constantFrom('zzqx', 'water zzqx', '&|!', 'Río-Negro') },
    );
    const filter: fc.Arbitrary<Filter> = fc.record(
      {
        country: fc.option(fc.constantFrom('ALL', unusedCountryCode, ...countryCodes), {
          nil: undefined,
          freq: 3,
        }),
        categories: fc.oneof(
          { weight: 3, arbitrary: fc.constant<string[]>([]) },
          {
            weight: 3,
            arbitrary: fc.shuffledSubarray(categoryIds, { minLength: 1, maxLength: 1 }),
          },
          {
            weight: 2,
            arbitrary: fc.shuffledSubarray(categoryIds, { minLength: 2, maxLength: 2 }),
          },
          {
            weight: 1,
            arbitrary: fc.shuffledSubarray([...categoryIds, unusedCategoryId], {
              minLength: 1,
              maxLength: 3,
            }),
          },
        ),
        q: fc.option(q, { nil: undefined, freq: 2 }),
        verified: fc.constantFrom(false, false, true),
      },
      { requiredKeys: ['categories'] },
    );
    const batch: fc.Arbitrary<Batch> = fc.record({
      writes: fc.array(write, { minLength: 1, maxLength: 6 }),
      commit: fc.constantFrom<Commit>('each', 'each', 'together', 'rolledBack'),
      filters: fc.array(filter, { minLength: 1, maxLength: 3 }),
    });

    await fc.assert(
      fc.asyncProperty(
        fc.array(organization, { maxLength: 16 }),
        fc.array(batch, { minLength: 1, maxLength: 5 }),
        async (start, batches) => {
          // Every run starts from a directory of its own, so that a failing run can be shrunk.
          await ctx.database.db.execute(sql`delete from organizations`);
          if (start.length > 0)
            await apply(ctx.database.db, { kind: 'create', organizations: start });
          for (const each of batches) {
            await commit(ctx.database.db, each);
            for (const one of each.filters) await check(one);
          }
        },
      ),
      { numRuns: 40 },
    );

    expect(seen.matched).toBeGreaterThan(seen.checks / 5);
    expect(seen.paged).toBeGreaterThan(0);
    expect(seen.searchedAndMatched).toBeGreaterThan(0);
    expect(seen.twoCategoriesMatched).toBeGreaterThan(0);
    expect(seen.verifiedMatched).toBeGreaterThan(0);
  });
});
