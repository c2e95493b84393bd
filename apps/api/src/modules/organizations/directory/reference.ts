import { utcToday } from './hiring.ts';
import type { IndexedOrganization, IndexFilter, OrderKey } from './index-types.ts';

/**
 * The directory's answers said as plainly as possible: filter, sort and slice an array. The
 * engine (directory-index.ts) must give the same answers however its bitsets, tail and kept
 * counts are arranged; directory.test.ts holds the two together. Only tests import this file.
 */
export function referenceAnswer(
  organizations: Iterable<IndexedOrganization>,
  filter: IndexFilter,
  after: OrderKey | null,
  limit: number,
  allCountries: string,
  /** The UTC date open roles are counted for (YYYY-MM-DD). */
  today: string = utcToday(),
) {
  const openRoles = (organization: IndexedOrganization) =>
    organization.roleClosings.filter((closesOn) => closesOn >= today).length;
  const matches = [...organizations].filter(
    (organization) =>
      (!filter.country ||
        organization.country === filter.country ||
        organization.country === allCountries) &&
      (filter.categoryIds ?? []).every((id) => organization.categoryIds.includes(id)) &&
      (filter.terms ?? []).every((term) =>
        organization.lexemes.some((lexeme) => lexeme.startsWith(term)),
      ) &&
      (!filter.verified || organization.verification !== null) &&
      (!filter.hiring || openRoles(organization) > 0),
  );
  const facets: Record<string, number> = {};
  for (const organization of matches) {
    for (const id of new Set(organization.categoryIds)) facets[id] = (facets[id] ?? 0) + 1;
  }
  // By name, then id, in UTF-16 code units (PostgreSQL's "C" collation).
  const before = (a: OrderKey, b: OrderKey) =>
    a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : false;
  const ordered = matches
    .map((organization) => ({ organization, key: [organization.name, organization.id] as const }))
    .sort((a, b) => (before(a.key, b.key) ? -1 : before(b.key, a.key) ? 1 : 0))
    .filter(({ key }) => !after || before(after, key));
  const page = ordered.slice(0, limit);
  return {
    total: matches.length,
    facets,
    verified: matches.filter((organization) => organization.verification !== null).length,
    hiring: matches.filter((organization) => openRoles(organization) > 0).length,
    keys: page.map(({ key }): OrderKey => key),
    more: ordered.length > limit,
    // The list item as the API documents it (OrganizationSummary).
    items: page.map(({ organization: o }) => ({
      id: o.id,
      name: o.name,
      description: o.description,
      logo: o.logo,
      categoryIds: o.categoryIds,
      country: o.country,
      location: o.location,
      verification: o.verification,
      openRoles: openRoles(o),
    })),
  };
}

/**
 * Stand-in lexemes for tests without a database: the distinct lower-case letter-and-digit words
 * of the name, description and location. PostgreSQL's `simple` parser makes a few more (a
 * hyphenated word whole, too), but the engine takes whatever lexemes it is given: what it must
 * get right is the prefix matching over them, and the reference gets the same ones.
 */
export function plainLexemes(...texts: string[]): string[] {
  return [
    ...new Set(
      texts
        .join(' ')
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? [],
    ),
  ];
}
