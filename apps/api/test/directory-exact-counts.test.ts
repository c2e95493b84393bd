import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationListMeta, OrganizationSummary } from '@si/contracts';
import type { Database } from '../src/db/client.ts';
import {
  apply,
  commit,
  rows,
  textArray,
  type Commit,
  type NewOrganization,
  type Write,
} from './support/directory-writes.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

/**
 * The directory's answers are exact: after any sequence of writes, made in SQL as any writer
 * would (another process, a job, an operator), GET /api/organizations answers every filter with
 * the total, the facet counts, the Verified and Hiring counts and the pages (each card's open
 * roles too) that a plain SQL query over the same filter gives.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

type ListBody = { data: OrganizationSummary[]; meta: OrganizationListMeta };

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

interface Filter {
  country?: string | undefined;
  categories: string[];
  q?: string | undefined;
  verified?: boolean | undefined;
  hiring?: boolean | undefined;
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
  openRoles: number;
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

/** An organization's open roles: not closed, not held, closing today or later (UTC). */
const openRoles = sql`(select count(*)::int from organization_roles r
  where r.organization_id = organizations.id and r.closed_at is null and r.held_at is null
    and r.closes_on >= (now() at time zone 'utc')::date)`;

/** The filter in plain SQL, on the organizations and their roles. */
function matching(filter: Filter): SQL {
  const conditions: SQL[] = [sql`published`];
  if (filter.country && filter.country !== 'ALL') {
    conditions.push(sql`country in (${filter.country}, 'ALL')`);
  }
  if (filter.categories.length > 0) {
    conditions.push(sql`category_ids @> ${textArray(filter.categories)}`);
  }
  if (filter.verified) conditions.push(sql`verified_domain is not null`);
  if (filter.hiring) conditions.push(sql`${openRoles} > 0`);
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
  const [count] = await rows<{ n: number; verified: number; hiring: number }>(
    db,
    sql`select count(*)::int as n, count(verified_domain)::int as verified,
          count(*) filter (where ${openRoles} > 0)::int as hiring
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
    sql`select id, name, description, location, country, category_ids as "categoryIds",
          ${openRoles} as "openRoles"
        from organizations where ${where}
        order by name collate "C", id limit ${PAGE * 2}`,
  );
  return {
    total: Number(count!.n),
    verified: Number(count!.verified),
    hiring: Number(count!.hiring),
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
  if (filter.hiring) params.set('hiring', 'true');
  params.set('limit', String(PAGE));
  if (cursor) params.set('cursor', cursor);
  return `/api/organizations?${params}`;
}

const summary = ({
  id,
  name,
  description,
  location,
  country,
  categoryIds,
  openRoles,
}: Summary): Summary => ({
  id,
  name,
  description,
  location,
  country,
  categoryIds,
  openRoles: Number(openRoles),
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
    hiringMatched: 0,
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
    expect(first.body.meta.hiring, label).toBe(expected.hiring);
    expect(first.body.data.map(summary), label).toEqual(
      expected.firstPages.slice(0, PAGE).map(summary),
    );
    expect(first.body.meta.nextCursor !== null, `${label}: a next page`).toBe(
      expected.total > PAGE,
    );
    seen.checks += 1;
    if (expected.total > 0) seen.matched += 1;
    if (expected.total > 0 && prefixTsQuery(filter.q ?? '')) seen.searchedAndMatched += 1;
    if (expected.total > 0 && filter.categories.length >= 2) seen.twoCategoriesMatched += 1;
    if (expected.total > 0 && filter.verified) seen.verifiedMatched += 1;
    if (expected.total > 0 && filter.hiring) seen.hiringMatched += 1;
    if (!first.body.meta.nextCursor) return;
    seen.paged += 1;
    const second = await list(filter, first.body.meta.nextCursor);
    expect(second.status, `${label}, page 2`).toBe(200);
    expect(second.body.meta.total, `${label}, page 2`).toBe(expected.total);
    expect(second.body.meta.facets, `${label}, page 2`).toEqual(expected.facets);
    expect(second.body.data.map(summary), `${label}, page 2`).toEqual(
      expected.firstPages.slice(PAGE, PAGE * 2).map(summary),
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

  /** Published, verified, in two categories, found by "wat": enough to page, one hiring. */
  function coveringExample(): [NewOrganization[], Batch[]] {
    const two = categoryIds.slice(0, 2);
    const start = Array.from({ length: PAGE + 2 }, (_, i) => ({
      name: `water clinic ${i}`,
      description: '',
      location: 'Nairobi',
      country: 'KE',
      categoryIds: two,
      published: true,
      verifiedDomain: 'river.org',
    }));
    const filters: Filter[] = [
      { categories: two, q: 'wat', verified: true, hiring: true },
      { categories: [] },
    ];
    return [
      start,
      [
        {
          writes: [{ kind: 'role', target: 0, closesIn: 3, state: 'open' }],
          commit: 'each',
          filters,
        },
      ],
    ];
  }

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
        weight: 3,
        arbitrary: fc.oneof(
          {
            weight: 4,
            arbitrary: fc.record({
              kind: fc.constant('role' as const),
              target,
              // Yesterday's closing date is past; today's is still open.
              closesIn: fc.integer({ min: -1, max: 3 }),
              state: fc.constantFrom(
                'open' as const,
                'open' as const,
                'closed' as const,
                'held' as const,
              ),
            }),
          },
          { weight: 1, arbitrary: fc.record({ kind: fc.constant('closeRoles' as const), target }) },
        ),
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
        hiring: fc.constantFrom(false, false, true),
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
      // Random runs may all miss a case (a Hiring filter that matches, say); this one meets each
      // case the counts below ask for, whatever the seed.
      { numRuns: 40, examples: [coveringExample()] },
    );

    expect(seen.matched).toBeGreaterThan(seen.checks / 5);
    expect(seen.paged).toBeGreaterThan(0);
    expect(seen.searchedAndMatched).toBeGreaterThan(0);
    expect(seen.twoCategoriesMatched).toBeGreaterThan(0);
    expect(seen.verifiedMatched).toBeGreaterThan(0);
    expect(seen.hiringMatched).toBeGreaterThan(0);
  });
});
