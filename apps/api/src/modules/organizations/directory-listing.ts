import {
  ALL_COUNTRIES_CODE,
  OrganizationId,
  apiMessages,
  type Country,
  type OrganizationListQuery,
  type SavedSearchFilters,
} from '@si/contracts';
import { badRequest } from '../../http/errors.ts';
import { requireKnownReferences } from '../reference/known-references.ts';
import type { ReferenceService } from '../reference/service.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import {
  createDirectory,
  matchedBefore,
  type IndexFilter,
  type PriorState,
} from './directory/index.ts';
import { freshnessReads } from './freshness-reads.ts';
import type { OrganizationRepository } from './repository.ts';
import { searchTerms } from './search-query.ts';

/** A page of the directory, already serialized: its items and its meta, as JSON. */
export interface DirectoryPage {
  /** OrganizationSummary[] */
  items: Buffer;
  /** OrganizationListMeta */
  metaJson: string;
  /** The same query gets the same page while this is unchanged (an ETag's part). */
  state: string;
  /** The page's organizations, in order: each one's impression is counted (ADR 031). */
  ids: string[];
}

/** The directory's filters, without its paging. */
export type DirectoryFilterQuery = Pick<
  OrganizationListQuery,
  'q' | 'categories' | 'country' | 'verified' | 'hiring'
>;

/**
 * The directory's lists and what a page or an alert asks of it: pages with totals and facets,
 * a saved search's new matches, the active countries, and the versions pages are cached by.
 */
export function createDirectoryListing(
  repository: OrganizationRepository,
  reference: ReferenceService,
) {
  const freshness = freshnessReads((ids) => repository.freshness(ids));
  const directory = createDirectory(
    { ...repository, directoryVersion: freshness.directoryVersion },
    ALL_COUNTRIES_CODE,
  );
  /**
   * The last list of active countries: the same array while neither the countries nor the
   * reference data change, so a page renders its country options from what it kept.
   */
  let lastActive: { codes: readonly string[]; snapshot: object; countries: Country[] } | null =
    null;

  async function toFilter(query: DirectoryFilterQuery): Promise<IndexFilter> {
    await requireKnownReferences(reference, query);
    return {
      // Filtering by ALL itself means "no particular country".
      country: query.country === ALL_COUNTRIES_CODE ? undefined : query.country,
      categoryIds: query.categories,
      terms: query.q ? searchTerms(query.q) : [],
      verified: query.verified === 'true',
      hiring: query.hiring === 'true',
    };
  }

  /** A saved search's filters as the list request with the same URL would have them. */
  const savedFilter = (filters: SavedSearchFilters) =>
    toFilter({
      q: filters.q,
      categories: filters.categories,
      country: filters.country ?? undefined,
      verified: filters.verified ? 'true' : undefined,
      hiring: filters.hiring ? 'true' : undefined,
    });

  return {
    /**
     * A page of the directory with its total and facet counts, from the in-process index
     * (ADR 018), once it holds every change committed before this call (or `atLeast`, a
     * directory version read after the caller's request arrived).
     */
    async list(query: OrganizationListQuery, atLeast?: number): Promise<DirectoryPage> {
      const filter = await toFilter(query);
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      if (query.cursor && !after)
        throw badRequest(apiMessages.badCursor, { cursor: apiMessages.badCursor });
      const answer = await directory.answer(filter, after, query.limit, atLeast);
      const last = answer.more ? answer.keys.at(-1) : undefined;
      const nextCursor = last ? JSON.stringify(encodeCursor([...last])) : 'null';
      return {
        items: answer.items,
        state: answer.state,
        ids: answer.keys.map((key) => key[1]),
        metaJson: `{"total":${answer.total},"facets":${answer.facetsJson},"verified":${answer.verified},"hiring":${answer.hiring},"nextCursor":${nextCursor}}`,
      };
    },

    /** Refuses a saved search's filters as a list request's (an unknown country or category). */
    async checkSavedFilters(filters: SavedSearchFilters): Promise<void> {
      await savedFilter(filters);
    },

    /**
     * Of the organizations changed since a saved search's last alert, each with the state the
     * directory had of it before its first change since, those the directory lists for the
     * search now and did not then, in the directory's order (ADR 034). The index holds every
     * change up to `atLeast` when it answers.
     */
    async newlyMatching(
      filters: SavedSearchFilters,
      changed: ReadonlyMap<string, PriorState>,
      atLeast: number,
    ): Promise<string[]> {
      const filter = await savedFilter(filters);
      const now = await directory.matchingAmong(filter, [...changed.keys()], atLeast);
      return now
        .map(([, id]) => id)
        .filter((id) => !matchedBefore(filter, changed.get(id)!, ALL_COUNTRIES_CODE));
    },

    /**
     * Every organization the directory lists for `query` when there are at most `max` of them
     * (else null), holding every change committed before this call. The feed of newly published
     * organizations orders so few by date itself (ADR 053).
     */
    async allListed(query: DirectoryFilterQuery, max: number): Promise<string[] | null> {
      const answer = await directory.keys(await toFilter(query), max);
      return answer.more ? null : answer.keys.map(([, id]) => id);
    },

    /** Which of `ids` the directory lists for `query` now (the feed's check of each batch). */
    async listedAmong(query: DirectoryFilterQuery, ids: readonly string[]): Promise<Set<string>> {
      const keys = await directory.matchingAmong(await toFilter(query), ids);
      return new Set(keys.map(([, id]) => id));
    },

    /** Published organizations' list items, in the order of `ids` (those still published). */
    async publishedSummaries(ids: string[]) {
      const rows = new Map(
        (await repository.indexRowsByIds(ids)).map((row) => [row.id, row] as const),
      );
      return ids.flatMap((id) => rows.get(id) ?? []);
    },

    /** Builds the directory index now rather than on the first list request. */
    prepareDirectory: () => directory.ready(),

    /** The directory's version now: what a rendered list page depends on (ADR 027). */
    directoryVersion: () => directory.version(),

    /**
     * The last day a role's closing date passed in the directory (null: none since it was
     * built), holding every change up to `atLeast`: a list page shows open roles per card, and
     * that day moves while the directory's version does not (ADR 042).
     */
    rolesExpiredOn: async (atLeast: number): Promise<string | null> =>
      (await directory.hiring([], atLeast)).expiredOn,

    /**
     * What each directory version after `version` changed (organization ids; null: all): the
     * list of open roles keeps its own index in step with the same log (ADR 044).
     */
    directoryChangesSince: (version: number) => repository.directoryChangesSince(version),

    /**
     * What a published profile's page is made of, as one short token: the transaction that last
     * wrote the organization's row (any write to it or its roles), and its open roles today,
     * which a closing date passing lowers with no write (ADR 042). Null when nobody may see it.
     */
    async profileVersion(id: string): Promise<string | null> {
      if (!OrganizationId.safeParse(id).success) return null;
      // One read: the row's version and the directory's, in the same snapshot.
      const [row, directoryVersion] = await Promise.all([
        freshness.rowVersion(id),
        freshness.directoryVersion(),
      ]);
      if (row === null) return null;
      const { openRoles } = await directory.hiring([id], directoryVersion);
      return `${row}.${openRoles[0]}`;
    },

    /** A published organization's open roles today, as its card in the directory counts them. */
    async openRolesOf(id: string): Promise<number> {
      const { openRoles } = await directory.hiring([id], await directory.version());
      return openRoles[0] ?? 0;
    },

    /** Every published profile's version (as profileVersion), in id order after `afterId`. */
    async profileVersionsAfter(afterId: string | null, limit: number) {
      const rows = await repository.publishedRowVersionsAfter(afterId, limit);
      // Read after the rows: the index then holds every role write their versions name.
      const { openRoles } = await directory.hiring(
        rows.map((row) => row.id),
        await directory.version(),
      );
      return rows.map((row, i) => ({ id: row.id, version: `${row.version}.${openRoles[i]}` }));
    },

    /** The directory index's size and lag, for GET /metrics. */
    directoryStatus: () => directory.status(),

    /**
     * Countries with a published organization (ALL adds none), in the reference data's order
     * (by name), from the index: fresh as a list answer (`atLeast` as there), without a query.
     */
    async activeCountries(atLeast?: number): Promise<Country[]> {
      const [codes, snapshot] = await Promise.all([
        directory.countries(atLeast),
        reference.snapshot(),
      ]);
      if (lastActive?.codes === codes && lastActive.snapshot === snapshot) {
        return lastActive.countries;
      }
      const active = new Set(codes);
      const countries = snapshot.countries.filter((country) => active.has(country.code));
      lastActive = { codes, snapshot, countries };
      return countries;
    },
  };
}
