import { LRUCache } from 'lru-cache';
import {
  ALL_COUNTRIES_CODE,
  DEFAULT_CATEGORY_ID,
  OrganizationId,
  apiMessages,
  authErrorCodes,
  categorySelectionProblem,
  errorCodes,
  guardMessages,
  organizationFormMessages,
  paymentErrorCodes,
  paymentMessages,
  sessionMessages,
  type CreateOrganizationRequest,
  type UpdateOrganizationRequest,
  type Organization,
  type OrganizationListMeta,
  type OrganizationListQuery,
  type OrganizationSummary,
} from '@si/contracts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { AuthSession } from '../../plugins/identity/session.ts';
import type { ReferenceService } from '../reference/service.ts';
import { decodeCursor, encodeCursor, type Position } from './cursor.ts';
import { toOrganization } from './mapper.ts';
import type {
  CategoryChoice,
  DirectoryFilter,
  ImageTarget,
  OrganizationRepository,
  OrganizationRow,
} from './repository.ts';
import { toPrefixTsQuery } from './search-query.ts';

/** Up to this many matches, a page is cut from all of them rather than from a walk of the name index. */
const FEW_MATCHES = 5000;

export interface OrganizationServiceOptions {
  /** How long a filter's counts and pages are reused. 0 turns the caches off. */
  cacheTtlMs?: number;
  /** Removes stored images (every size) once the rows that used them are gone. */
  removeImages?: (urls: string[]) => Promise<void>;
  /**
   * Runs before an organization is deleted: its subscriptions are canceled at the payment
   * provider first, and a failure there stops the deletion.
   */
  beforeDelete?: (organizationId: string) => Promise<void>;
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
  {
    cacheTtlMs = 15_000,
    removeImages = async () => {},
    beforeDelete = async () => {},
  }: OrganizationServiceOptions = {},
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

  /**
   * SPEC.md section 6: only a signed-in, permanent, verified user creates or changes
   * organizations. Returns that user.
   */
  function requireEditor(session: AuthSession | null) {
    if (!session) throw new AppError(401, authErrorCodes.noUser, sessionMessages.loginRequired);
    const { user } = session;
    if (user.isAnonymous) {
      throw new AppError(403, errorCodes.forbidden, guardMessages.permanentAccountToCreate);
    }
    if (!user.emailVerified) {
      throw new AppError(403, errorCodes.forbidden, organizationFormMessages.verifyFirst);
    }
    return user;
  }

  const notFoundFor = (id: string) => notFound(apiMessages.organizationNotFound(id));

  /**
   * The organization, if the caller may change it. Someone else's unpublished organization is
   * answered as not found, so its existence is not revealed; a published one as forbidden.
   */
  async function requireOwned(session: AuthSession | null, id: string) {
    const user = requireEditor(session);
    const found = OrganizationId.safeParse(id).success ? await repository.findById(id) : null;
    if (!found) throw notFoundFor(id);
    if (found.row.createdBy !== user.id) {
      if (!found.row.published) throw notFoundFor(id);
      throw new AppError(403, errorCodes.forbidden, organizationFormMessages.notOwner);
    }
    return found;
  }

  /**
   * SPEC.md's payment gate, enforced here: the profile of an organization without a live
   * subscription (paymentStatus paid) cannot be edited until it is paid for.
   */
  async function requirePaidOwned(session: AuthSession | null, id: string) {
    const found = await requireOwned(session, id);
    if (found.row.paymentStatus !== 'paid') {
      throw new AppError(402, paymentErrorCodes.paymentRequired, paymentMessages.paymentRequired);
    }
    return found;
  }

  /**
   * The chosen categories as stored, in the order given (or by `order`), after the rule of
   * DECISIONS.md: known ids, at least one, at most seven, one from each group.
   */
  async function categoryChoices(
    ids: string[],
    order: Record<string, number> = {},
    details: Record<string, string> = {},
  ): Promise<CategoryChoice[]> {
    const snapshot = await reference.snapshot();
    const chosen = [...new Set(ids)].filter((id) => id !== DEFAULT_CATEGORY_ID);
    const unknown = chosen.filter((id) => !snapshot.categoryById.has(id));
    if (unknown.length > 0) {
      const message = organizationFormMessages.unknownCategories(unknown);
      throw badRequest(message, { categoryIds: message });
    }
    const problem = categorySelectionProblem(chosen, snapshot.categories, snapshot.groups);
    if (problem) throw badRequest(problem.message, { categoryIds: problem.message });
    const position = (id: string) => order[id] ?? Number.MAX_SAFE_INTEGER;
    return chosen
      .map((categoryId, index) => ({ categoryId, index }))
      .sort((a, b) => position(a.categoryId) - position(b.categoryId) || a.index - b.index)
      .map(({ categoryId }, sortOrder) => ({
        categoryId,
        sortOrder,
        detail: details[categoryId]?.trim() || null,
      }));
  }

  async function requireKnownCountry(country: string) {
    if (country === ALL_COUNTRIES_CODE) return;
    if (!(await reference.snapshot()).countryByCode.has(country)) {
      throw badRequest(apiMessages.unknownCountry(country), {
        country: apiMessages.unknownCountry(country),
      });
    }
  }

  /**
   * An organization as the caller may see it: published ones for everybody, an unpublished
   * one only for its owner (`viewerId` is asked for only then, so public reads stay cheap).
   */
  async function getVisible(
    id: string,
    viewerId: () => Promise<string | null>,
  ): Promise<Organization> {
    const found = OrganizationId.safeParse(id).success ? await repository.findById(id) : null;
    if (!found) throw notFoundFor(id);
    if (!found.row.published && found.row.createdBy !== (await viewerId())) {
      throw notFoundFor(id);
    }
    return toOrganization(found.row, found.links);
  }

  return {
    async create(session: AuthSession | null, input: CreateOrganizationRequest) {
      const user = requireEditor(session);
      await requireKnownCountry(input.country);
      const categories = await categoryChoices(input.categoryIds);
      const created = await repository.create({
        name: input.name,
        description: input.description,
        country: input.country,
        createdBy: user.id,
        categories,
      });
      return toOrganization(created.row, created.links);
    },

    async update(session: AuthSession | null, id: string, input: UpdateOrganizationRequest) {
      await requirePaidOwned(session, id);
      await requireKnownCountry(input.country);
      const { version, categoryIds, categoriesOrder, categoriesDetails, ...fields } = input;
      const categories = await categoryChoices(categoryIds, categoriesOrder, categoriesDetails);
      const saved = await repository.update(id, version, { ...fields, categories });
      if (!saved) {
        if (!(await repository.findById(id))) throw notFoundFor(id);
        throw new AppError(409, errorCodes.staleVersion, organizationFormMessages.staleVersion);
      }
      await removeImages(saved.droppedImageUrls);
      return toOrganization(saved.row, saved.links);
    },

    async delete(session: AuthSession | null, id: string) {
      await requireOwned(session, id);
      await beforeDelete(id);
      const imageUrls = await repository.delete(id);
      if (!imageUrls) throw notFoundFor(id);
      await removeImages(imageUrls);
    },

    /** The organization's row, if the caller owns it (else 401/403/404). */
    requireOwnedOrganization: async (
      session: AuthSession | null,
      id: string,
    ): Promise<OrganizationRow> => (await requireOwned(session, id)).row,

    /** For the image calls: as above, and paid for (else 402). */
    requirePaidOrganization: async (
      session: AuthSession | null,
      id: string,
    ): Promise<OrganizationRow> => (await requirePaidOwned(session, id)).row,

    requireEditor,

    ownerNotFound: notFoundFor,

    /** Points one image of the organization at `url`; the image calls authorize first. */
    async setImage(id: string, target: ImageTarget, url: string | null) {
      const result = await repository.setImage(id, target, url);
      if (!result) {
        throw target.kind === 'category'
          ? notFound(organizationFormMessages.categoryNotChosen)
          : notFoundFor(id);
      }
      return result;
    },

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

    getVisible,

    /** A published organization: what anybody may see (the server's page heads). */
    getPublished: (id: string) => getVisible(id, async () => null),

    /** The caller's own organizations in every payment state (the dashboard's lists). */
    async listOwned(userId: string): Promise<Organization[]> {
      const owned = await repository.findOwnedBy(userId);
      return owned.map(({ row, links }) => toOrganization(row, links));
    },

    activeCountries: () => repository.activeCountries(),
  };
}
export type OrganizationService = ReturnType<typeof createOrganizationService>;
