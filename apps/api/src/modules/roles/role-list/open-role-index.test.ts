import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  OpenRoleIndex,
  type IndexedRole,
  type RoleFilter,
  type RoleKey,
} from './open-role-index.ts';

/**
 * The index's own clock (ADR 044): a role open through its closing day leaves the list when the
 * UTC day passes, with no write, and the answers' state moves on with the day.
 */
const role = (id: string, closesOn: string, postedAt: string): IndexedRole => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  organizationId: '00000000-0000-4000-8000-000000000100',
  organizationName: 'Harbor Trust',
  title: `Role ${id}`,
  kind: 'full_time',
  workplace: 'on_site',
  country: 'KE',
  city: null,
  remoteCountries: [],
  postedAt,
  closesOn,
  categoryIds: ['education'],
  lexemes: ['role', id, 'harbor', 'trust'],
});

describe('the open roles’ index and the clock', () => {
  it('drops a role the morning after its closing day, and names the new day in its state', () => {
    let today = '2026-11-29';
    const index = new OpenRoleIndex(() => today);
    index.apply(
      [],
      [
        role('1', '2026-11-29', '2026-11-01T10:00:00.000Z'),
        role('2', '2026-12-31', '2026-11-02T10:00:00.000Z'),
        role('3', '2026-11-28', '2026-11-03T10:00:00.000Z'),
      ],
    );
    const before = index.query({ country: 'KE' }, null, 10);
    expect(before.total).toBe(2);
    expect(before.keys.map(([, id]) => id.at(-1))).toEqual(['2', '1']);

    today = '2026-11-30';
    const after = index.query({ country: 'KE' }, null, 10);
    expect(after.total).toBe(1);
    expect(after.keys.map(([, id]) => id.at(-1))).toEqual(['2']);
    expect(after.state).not.toBe(before.state);
    expect(index.query({}, null, 10).total).toBe(1);
  });
});

/**
 * Every page the index gives, for any filter and any cursor, is the page a plain filter and sort
 * of the open roles gives: both ways to take a page (walking the order while matches are dense,
 * sorting the matches alone when they are few) and every change the index takes in place.
 */
describe('the open roles’ index against a plain filter and sort', () => {
  const kinds = ['full_time', 'part_time', 'volunteer'] as const;
  const organizations = ['a', 'b', 'c', 'd', 'e', 'f'];
  const words = ['river', 'solar', 'school', 'health'];
  const generated = fc.record({
    organization: fc.constantFrom(...organizations),
    kind: fc.constantFrom(...kinds),
    remote: fc.boolean(),
    country: fc.constantFrom('KE', 'FR', 'BR'),
    day: fc.integer({ min: 1, max: 9 }),
    word: fc.constantFrom(...words),
  });
  const filters = fc.record(
    {
      kinds: fc.subarray([...kinds], { minLength: 1 }),
      remote: fc.boolean(),
      country: fc.constantFrom('KE', 'FR', 'BR'),
      categoryIds: fc.subarray(['education', 'health'], { minLength: 1 }),
      terms: fc.subarray(['ri', 'sol', 'school', 'he'], { minLength: 1, maxLength: 1 }),
    },
    { requiredKeys: [] },
  );

  let serial = 0;
  const made = (input: typeof generated extends fc.Arbitrary<infer T> ? T : never): IndexedRole => {
    serial += 1;
    const id = `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
    return {
      ...role('1', '2026-12-31', `2026-11-0${input.day}T10:00:00.000Z`),
      id,
      organizationId: `org-${input.organization}`,
      title: `${input.word} lead`,
      kind: input.kind,
      workplace: input.remote ? 'remote' : 'on_site',
      country: input.remote ? null : input.country,
      remoteCountries: input.remote && input.day % 2 === 0 ? [input.country] : [],
      categoryIds: input.organization < 'd' ? ['education'] : ['education', 'health'],
      lexemes: [input.word, 'lead'],
    };
  };

  const allows = (filter: RoleFilter, one: IndexedRole) =>
    (!filter.kinds?.length || filter.kinds.includes(one.kind)) &&
    (!filter.remote || one.workplace === 'remote') &&
    (!filter.country ||
      (one.workplace === 'remote'
        ? one.remoteCountries.length === 0 || one.remoteCountries.includes(filter.country)
        : one.country === filter.country)) &&
    (filter.categoryIds ?? []).every((category) => one.categoryIds.includes(category)) &&
    (filter.terms ?? []).every((term) => one.lexemes.some((lexeme) => lexeme.startsWith(term)));
  const newestFirst = (a: IndexedRole, b: IndexedRole) =>
    a.postedAt === b.postedAt ? (a.id > b.id ? -1 : 1) : a.postedAt > b.postedAt ? -1 : 1;

  /** Applies each batch, then pages through every query's list and holds it to the plain one. */
  function holdsAfterEachBatch(
    batches: (typeof generated extends fc.Arbitrary<infer T> ? T : never)[][],
    queries: [RoleFilter, number][],
    regroupFirst = false,
  ) {
    const index = new OpenRoleIndex(() => '2026-11-29');
    let open: IndexedRole[] = [];
    // Every list is paged through after each batch: matches the index kept for a filter
    // asked again must not outlive a change.
    batches.forEach((batch, i) => {
      // Each batch replaces the open roles of the organizations it names.
      const rows = batch.map(made);
      const changed = new Set(rows.map((one) => one.organizationId));
      index.apply(changed, rows);
      // As a first load of everything is: its slots numbered again, grouped.
      if (regroupFirst && i === 0) index.regroup();
      open = [...open.filter((one) => !changed.has(one.organizationId)), ...rows];
      for (const [filter, limit] of queries) {
        const expected = open.filter((one) => allows(filter, one)).sort(newestFirst);
        const seen: string[] = [];
        let after: RoleKey | null = null;
        do {
          const answer = index.query(filter, after, limit);
          expect(answer.total).toBe(expected.length);
          seen.push(...answer.keys.map(([, id]) => id));
          after = answer.more ? answer.keys.at(-1)! : null;
        } while (after);
        expect(seen).toEqual(expected.map((one) => one.id));
      }
    });
  }

  it('gives the same pages, totals and cursors after any changes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(generated, { maxLength: 40 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(filters, fc.integer({ min: 1, max: 7 })), { minLength: 1, maxLength: 6 }),
        (batches, queries) => holdsAfterEachBatch(batches, queries),
      ),
      { numRuns: 300 },
    );
  });

  // A first load's slots are numbered again grouped by kind, workplace and country, so a query
  // reads runs of words: runs that start and end inside the summary's words and across them.
  it('gives the same answers once a large first load is grouped, and after changes', () => {
    fc.assert(
      fc.property(
        fc.tuple(
          fc.array(generated, { minLength: 1025, maxLength: 1500 }),
          fc.array(generated, { maxLength: 30 }),
        ),
        fc.array(fc.tuple(filters, fc.integer({ min: 15, max: 60 })), {
          minLength: 1,
          maxLength: 6,
        }),
        (batches, queries) => holdsAfterEachBatch(batches, queries, true),
      ),
      { numRuns: 60 },
    );
  });
});
