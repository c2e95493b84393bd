import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrganizationVerification } from '@si/contracts';
import {
  createDirectory,
  matchedBefore,
  type DirectorySource,
  type IndexedOrganization,
  type IndexFilter,
  type OrderKey,
} from './index.ts';
import { plainLexemes, referenceAnswer } from './reference.ts';

/**
 * The engine answers as the reference does (filter, sort, slice over an array): after any
 * sequence of writes, for any filter and cursor, the same total, facets, pages and next-page
 * flag. No database: the writes go to an in-memory source with the same change log the
 * database keeps (migration 0006), and the engine catches up through its one entry point.
 * Thresholds are lowered so that a few dozen organizations reach every path (bulk loads,
 * renumbering, dense postings, pinned prefixes) that 100,000 would. Organizations carry the
 * closing dates of their roles, and the engine's clock moves forward days between queries with
 * no write: whatever closed meanwhile must have left the hiring filter, counts and list items.
 */

const ALL = 'ALL';
const PAGE = 3;
/** Words sharing prefixes, in both cases, with an accent and digits. */
const WORDS = ['water', 'Waterway', 'waterworks', 'solar', 'Sol', 'solace', 'clinic', 'Río'];
const MORE_WORDS = ['ríos', 'h2o', '2030', '42', 'co', 'op', 'Zebra', 'zeal', 'Ä', 'a'];
const PLACES = ['', 'Nairobi', 'Río Negro', 'Lima', 'Sol'];
const COUNTRIES = [ALL, 'BR', 'KE', 'PT'];
/** Forty categories: more than one 32-bit mask word per slot. */
const CATEGORIES = Array.from({ length: 40 }, (_, i) => `category_${i}`);
const COMMON_CATEGORIES = CATEGORIES.slice(0, 5);
/** The property's first day; its clock moves on from there. */
const FIRST_DAY = Date.UTC(2026, 10, 29);
const dayOf = (n: number) => new Date(FIRST_DAY + n * 86_400_000).toISOString().slice(0, 10);

interface Stored extends IndexedOrganization {
  published: boolean;
}

/** The database as the engine sees it: rows, a version, and the log of what each changed. */
class MemorySource implements DirectorySource {
  rows = new Map<string, Stored>();
  version = 0;
  private log: { version: number; ids: string[] | null }[] = [];

  /** One committed statement; `ids` null logs "everything" (a statement of many rows). */
  commit(ids: string[] | null) {
    this.version += 1;
    this.log.push({ version: this.version, ids });
  }

  /** The oldest versions are dropped, as the database keeps only the last ones. */
  forget(keep: number) {
    this.log = this.log.slice(-keep);
  }

  private published(): IndexedOrganization[] {
    return [...this.rows.values()]
      .filter((row) => row.published)
      .map(({ published: _published, ...row }) => ({ ...row, lexemes: [...row.lexemes] }));
  }

  indexRowsAfter = async (afterId: string | null, limit: number) =>
    this.published()
      .filter((row) => afterId === null || row.id > afterId)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .slice(0, limit);

  indexRowsByIds = async (ids: string[]) => this.published().filter((row) => ids.includes(row.id));

  directoryVersion = async () => this.version;

  directoryChangesSince = async (version: number) =>
    this.log.filter((change) => change.version > version);
}

interface NewOrganization {
  name: string;
  description: string;
  location: string;
  country: string;
  categoryIds: string[];
  published: boolean;
  verification: OrganizationVerification | null;
  roleClosings: string[];
}

type Write =
  | { kind: 'create'; organizations: NewOrganization[] }
  | { kind: 'edit'; target: number; changes: Partial<NewOrganization> }
  | { kind: 'delete'; target: number }
  | { kind: 'unpublishCountry'; country: string }
  | { kind: 'publishAll' }
  | { kind: 'forgetLog' };

function stored(id: string, organization: NewOrganization): Stored {
  const { name, description, location } = organization;
  return {
    id,
    logo: id.endsWith('0') ? `/images/${id}.webp` : null,
    ...organization,
    lexemes: plainLexemes(name, description, location),
  };
}

function apply(source: MemorySource, write: Write) {
  const ids = [...source.rows.keys()].sort();
  const target = (n: number) => (ids.length === 0 ? null : ids[n % ids.length]!);
  switch (write.kind) {
    case 'create': {
      const created = write.organizations.map((organization) => {
        const id = randomUUID();
        source.rows.set(id, stored(id, organization));
        return id;
      });
      return source.commit(created);
    }
    case 'edit': {
      const id = target(write.target);
      if (!id) return;
      source.rows.set(id, stored(id, { ...source.rows.get(id)!, ...write.changes }));
      return source.commit([id]);
    }
    case 'delete': {
      const id = target(write.target);
      if (!id) return;
      source.rows.delete(id);
      return source.commit([id]);
    }
    case 'unpublishCountry': {
      const changed = ids.filter((id) => source.rows.get(id)!.country === write.country);
      for (const id of changed) source.rows.get(id)!.published = false;
      return source.commit(changed);
    }
    case 'publishAll': {
      for (const row of source.rows.values()) row.published = true;
      return source.commit(null);
    }
    case 'forgetLog':
      // A gap: the engine must read everything again rather than miss a change.
      source.commit(ids.slice(0, 1));
      source.commit(ids.slice(1, 2));
      return source.forget(1);
  }
}

const word = fc.constantFrom(...WORDS, ...MORE_WORDS);
const text = (most: number) => fc.array(word, { maxLength: most }).map((words) => words.join(' '));
const badge = fc.option(
  fc.constantFrom(
    { domain: 'river.org', verifiedAt: '2026-05-01T10:00:00.000Z' },
    { domain: 'forest.example', verifiedAt: '2026-11-20T08:30:00.000Z' },
  ),
  { nil: null, freq: 2 },
);
/** Roles' closing dates, from two days before the first day to a week after it. */
const closings = fc.oneof(
  { weight: 2, arbitrary: fc.constant<string[]>([]) },
  { weight: 3, arbitrary: fc.array(fc.integer({ min: -2, max: 7 }).map(dayOf), { maxLength: 3 }) },
);
const organization: fc.Arbitrary<NewOrganization> = fc.record({
  name: fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' ')),
  description: text(4),
  location: fc.constantFrom(...PLACES),
  country: fc.constantFrom(...COUNTRIES),
  categoryIds: fc.oneof(
    { weight: 4, arbitrary: fc.shuffledSubarray(COMMON_CATEGORIES, { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.shuffledSubarray(CATEGORIES, { maxLength: 7 }) },
  ),
  published: fc.constantFrom(true, true, true, false),
  verification: badge,
  roleClosings: closings,
});
const target = fc.nat({ max: 1000 });
const write: fc.Arbitrary<Write> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .array(organization, { minLength: 1, maxLength: 12 })
      .map((organizations) => ({ kind: 'create' as const, organizations })),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      target,
      changes: fc.record(
        {
          name: organization.map((o) => o.name),
          description: text(4),
          location: fc.constantFrom(...PLACES),
          country: fc.constantFrom(...COUNTRIES),
          categoryIds: fc.shuffledSubarray(COMMON_CATEGORIES, { maxLength: 3 }),
          published: fc.boolean(),
          verification: badge,
          roleClosings: closings,
        },
        { requiredKeys: [] },
      ),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('delete' as const), target }) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.record({
        kind: fc.constant('unpublishCountry' as const),
        country: fc.constantFrom(...COUNTRIES),
      }),
      fc.constant({ kind: 'publishAll' as const }),
      fc.constant({ kind: 'forgetLog' as const }),
    ),
  },
);
const prefix = word.chain((w) =>
  fc.integer({ min: 1, max: w.length }).map((n) => w.slice(0, n).toLowerCase()),
);
const searchAlone: fc.Arbitrary<IndexFilter> = fc.record({
  // A first letter or two alone: the searches whose counts the engine keeps.
  terms: fc
    .tuple(word, fc.integer({ min: 1, max: 2 }))
    .map(([w, n]) => [w.slice(0, n).toLowerCase()]),
});
const anyFilter: fc.Arbitrary<IndexFilter> = fc.record(
  {
    country: fc.constantFrom(...COUNTRIES, 'NZ'),
    categoryIds: fc.oneof(
      { weight: 3, arbitrary: fc.shuffledSubarray(COMMON_CATEGORIES, { maxLength: 1 }) },
      { weight: 2, arbitrary: fc.shuffledSubarray(COMMON_CATEGORIES, { maxLength: 3 }) },
      { weight: 1, arbitrary: fc.shuffledSubarray(CATEGORIES, { minLength: 1, maxLength: 2 }) },
    ),
    terms: fc.oneof(
      { weight: 2, arbitrary: fc.constant<string[]>([]) },
      { weight: 3, arbitrary: fc.array(prefix, { minLength: 1, maxLength: 2 }) },
      { weight: 1, arbitrary: fc.constantFrom<string[]>(['zzqx'], ['water', 'zzqx']) },
    ),
    verified: fc.boolean(),
    hiring: fc.boolean(),
  },
  { requiredKeys: [] },
);
const filter = fc.oneof({ weight: 4, arbitrary: anyFilter }, { weight: 1, arbitrary: searchAlone });
/** Where a page starts: the beginning, or after any key, listed or not (a removed one too). */
const start = fc.option(
  fc.tuple(fc.oneof(word, prefix, fc.constant('')), fc.constantFrom('0', '8', 'f')),
  { nil: null, freq: 2 },
);

describe('the directory engine answers as the reference does', () => {
  it('after random writes, for random filters and cursors', async () => {
    const seen = {
      checks: 0,
      matched: 0,
      paged: 0,
      searched: 0,
      twoCategories: 0,
      verifiedOnly: 0,
      someVerified: 0,
      hiringOnly: 0,
      someHiring: 0,
      closedByTime: 0,
    };
    /** The engine's clock: days after the first one. */
    let day = 0;

    async function check(
      directory: ReturnType<typeof createDirectory>,
      source: MemorySource,
      query: IndexFilter,
      from: OrderKey | null,
    ) {
      const published = [...source.rows.values()].filter((row) => row.published);
      // What a saved search's alert asks (ADR 034): which of some organizations match now, and
      // whether an organization in a given state matched.
      const today = dayOf(day);
      const everyMatch = referenceAnswer(published, query, null, Infinity, ALL, today).keys;
      const asked = [...source.rows.keys(), randomUUID()];
      expect(await directory.matchingAmong(query, asked), JSON.stringify(query)).toEqual(
        everyMatch,
      );
      const matchingIds = new Set(everyMatch.map(([, id]) => id));
      // A prior state records no open roles: matchedBefore ignores Hiring (ADR 046), so only
      // queries without it are compared here.
      for (const row of query.hiring ? [] : source.rows.values()) {
        const state = { ...row, listed: row.published, verified: row.verification !== null };
        expect(matchedBefore(query, state, ALL), `${JSON.stringify(query)} ${row.id}`).toBe(
          matchingIds.has(row.id),
        );
      }
      let after = from;
      // Every page to the end: each with the same total and facets, and the keys in order.
      for (let page = 0; ; page += 1) {
        const label = `${JSON.stringify(query)} after ${JSON.stringify(after)}, page ${page + 1}`;
        const expected = referenceAnswer(published, query, after, PAGE, ALL, today);
        const answer = await directory.answer(query, after, PAGE);
        expect(answer.total, label).toBe(expected.total);
        expect(JSON.parse(answer.facetsJson), label).toEqual(expected.facets);
        expect(answer.verified, label).toBe(expected.verified);
        expect(answer.hiring, label).toBe(expected.hiring);
        expect(answer.keys, label).toEqual(expected.keys);
        expect(JSON.parse(answer.items.toString()), label).toEqual(expected.items);
        expect(answer.more, label).toBe(expected.more);
        seen.checks += 1;
        if (expected.total > 0) seen.matched += 1;
        if (expected.total > 0 && query.terms?.length) seen.searched += 1;
        if (expected.total > 0 && (query.categoryIds?.length ?? 0) >= 2) seen.twoCategories += 1;
        if (expected.total > 0 && query.verified) seen.verifiedOnly += 1;
        if (expected.verified > 0 && expected.verified < expected.total) seen.someVerified += 1;
        if (expected.total > 0 && query.hiring) seen.hiringOnly += 1;
        if (expected.hiring > 0 && expected.hiring < expected.total) seen.someHiring += 1;
        if (!answer.more) return;
        seen.paged += 1;
        after = answer.keys.at(-1)!;
      }
    }

    await fc.assert(
      fc.asyncProperty(
        fc.array(organization, { maxLength: 40 }),
        fc.array(
          fc.record({
            writes: fc.array(write, { minLength: 1, maxLength: 5 }),
            queries: fc.array(fc.tuple(filter, start), { minLength: 1, maxLength: 4 }),
            days: fc.nat({ max: 3 }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        async (initial, batches) => {
          const source = new MemorySource();
          apply(source, { kind: 'create', organizations: initial });
          day = 0;
          const directory = createDirectory(source, ALL, {
            today: () => dayOf(day),
            loadBatch: 7,
            readAgainAtMost: 30,
            readBatch: 4,
            index: {
              tailAtMost: 6,
              deadAtMost: 5,
              placeOneByOne: 3,
              largePrefix: 8,
              denseFrom: 4,
            },
          });
          await directory.ready();
          for (const { writes, queries, days } of batches) {
            for (const each of writes) apply(source, each);
            // Time passes with no write: roles whose last day it was close.
            const [before, after] = [dayOf(day), dayOf(day + days)];
            const closing = [...source.rows.values()].some(
              (row) =>
                row.published && row.roleClosings.some((date) => date >= before && date < after),
            );
            if (closing) seen.closedByTime += 1;
            day += days;
            for (const [query, from] of queries) await check(directory, source, query, from);
          }
        },
      ),
      { numRuns: 150 },
    );

    // The property cannot pass vacuously: the cases that matter were met.
    expect(seen.matched).toBeGreaterThan(seen.checks / 5);
    expect(seen.paged).toBeGreaterThan(0);
    expect(seen.searched).toBeGreaterThan(0);
    expect(seen.twoCategories).toBeGreaterThan(0);
    expect(seen.verifiedOnly).toBeGreaterThan(0);
    expect(seen.someVerified).toBeGreaterThan(0);
    expect(seen.hiringOnly).toBeGreaterThan(0);
    expect(seen.someHiring).toBeGreaterThan(0);
    expect(seen.closedByTime).toBeGreaterThan(0);
  });
});
