import { LRUCache } from 'lru-cache';
import {
  ALL_COUNTRIES_CODE,
  OrganizationId,
  apiMessages,
  type Organization,
  type OrganizationListMeta,
  type OrganizationListQuery,
  type OrganizationSummary,
} from '@si/contracts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { ReferenceService } from '../reference/service.ts';
import { decodeCursor, encodeCursor, type Position } from './cursor.ts';
import { toOrganization } from './mapper.ts';
import type { DirectoryFilter, OrganizationRepository } from './repository.ts';
import { toPrefixTsQuery } from './search-query.ts';

/** Up to this many matches, a page is cut from all of them rather than from a walk of the name index. */
const FEW_MATCHES = 5000;

export interface OrganizationServiceOptions {
  /** How long a filter's counts and pages are reused. 0 turns the caches off. */
  cacheTtlMs?: number;
}

export interface DirectoryPage {
  data: OrganizationSummary[];
  meta: OrganizationListMeta;
}

interface PageRequest {
  filterKey: string;
  filter: DirectoryFilter;
  after: Position | null;
  limit: number;
}

export function createOrganizationService(
  repository: OrganizationRepository,
  reference: ReferenceService,
  { cacheTtlMs = 15_000 }: OrganizationServiceOptions = {},
) {
  const cacheEnabled = cacheTtlMs > 0;
  // Counting every match is the one costly part of a list request at scale; the same filter
  // is asked for again and again while visitors scroll, so its counts are reused briefly.
  const aggregates = new LRUCache<
    string,
    { total: number; facets: Record<string, number> },
    DirectoryFilter
  >({
    max: 2000,
    ttl: Math.max(cacheTtlMs, 1),
    fetchMethod: (_key, _stale, { context }) => repository.aggregatePublished(context),
  });

  async function toFilter(query: OrganizationListQuery): Promise<DirectoryFilter> {
    const snapshot = await reference.snapshot();
    if (
      query.country &&
      query.country !== ALL_COUNTRIES_CODE &&
      !snapshot.countryByCode.has(query.country)
    ) {
      throw badRequest(apiMessages.unknownCountry(query.country), {
        country: apiMessages.unknownCountry(query.country),
      });
    }
    const unknown = (query.categories ?? []).filter((id) => !snapshot.categoryById.has(id));
    if (unknown.length > 0) {
      throw badRequest(apiMessages.unknownCategories(unknown), {
        categories: apiMessages.unknownCategories(unknown),
      });
    }
    return {
      // Filtering by ALL itself means "no particular country".
      country: query.country === ALL_COUNTRIES_CODE ? undefined : query.country,
      categoryIds: query.categories?.slice().sort(),
      tsQuery: query.q ? toPrefixTsQuery(query.q) : null,
    };
  }

  async function loadPage(
    filterKey: string,
    filter: DirectoryFilter,
    after: Position | null,
    limit: number,
  ): Promise<DirectoryPage> {
    // The counts come first: they tell whether there is anything to list, and how to list it.
    const aggregate = cacheEnabled
      ? (await aggregates.fetch(filterKey, { context: filter }))!
      : await repository.aggregatePublished(filter);
    const rows =
      aggregate.total === 0
        ? []
        : await repository.listPublished(filter, after, limit + 1, aggregate.total <= FEW_MATCHES);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      data: page,
      meta: {
        total: aggregate.total,
        facets: aggregate.facets,
        nextCursor: rows.length > limit && last ? encodeCursor([last.name, last.id]) : null,
      },
    };
  }

  // Everybody opening the directory asks for the same first pages: a page, once built, is
  // served to everyone for the same short time as its counts.
  const pages = new LRUCache<string, DirectoryPage, PageRequest>({
    max: 2000,
    ttl: Math.max(cacheTtlMs, 1),
    fetchMethod: (_key, _stale, { context }) =>
      loadPage(context.filterKey, context.filter, context.after, context.limit),
  });

  return {
    async list(query: OrganizationListQuery): Promise<DirectoryPage> {
      const filter = await toFilter(query);
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      if (query.cursor && !after)
        throw badRequest(apiMessages.badCursor, { cursor: apiMessages.badCursor });
      const filterKey = JSON.stringify([
        filter.country ?? '',
        filter.categoryIds ?? [],
        filter.tsQuery ?? '',
      ]);
      if (!cacheEnabled) return loadPage(filterKey, filter, after, query.limit);
      const pageKey = JSON.stringify([filterKey, query.cursor ?? '', query.limit]);
      return (await pages.fetch(pageKey, {
        context: { filterKey, filter, after, limit: query.limit },
      }))!;
    },

    async getPublished(id: string): Promise<Organization> {
      const found = OrganizationId.safeParse(id).success
        ? await repository.findPublished(id)
        : null;
      if (!found) throw notFound(apiMessages.organizationNotFound(id));
      return toOrganization(found.row, found.links);
    },

    /** The caller's own organizations in every payment state (the dashboard's lists). */
    async listOwned(userId: string): Promise<Organization[]> {
      const owned = await repository.findOwnedBy(userId);
      return owned.map(({ row, links }) => toOrganization(row, links));
    },

    activeCountries: () => repository.activeCountries(),
  };
}
export type OrganizationService = ReturnType<typeof createOrganizationService>;
