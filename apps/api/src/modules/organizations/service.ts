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
  type Country,
  type CreateOrganizationRequest,
  type UpdateOrganizationRequest,
  type Organization,
  type OrganizationListQuery,
  type SavedSearchFilters,
} from '@si/contracts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { AuthSession } from '../../identity/session.ts';
import type { ReferenceService } from '../reference/service.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import {
  createDirectory,
  matchedBefore,
  type IndexFilter,
  type PriorState,
} from './directory/index.ts';
import { toOrganization } from './mapper.ts';
import type {
  CategoryChoice,
  ImageTarget,
  OrganizationRepository,
  OrganizationRow,
} from './repository.ts';
import { searchTerms } from './search-query.ts';
import { freshnessReads } from './freshness-reads.ts';

export interface OrganizationServiceOptions {
  /** Removes stored images (every size) once the rows that used them are gone. */
  removeImages?: (urls: string[]) => Promise<void>;
  /**
   * Runs before an organization is deleted: its subscriptions are canceled at the payment
   * provider first, and a failure there stops the deletion.
   */
  beforeDelete?: (organizationId: string) => Promise<void>;
}

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

export function createOrganizationService(
  repository: OrganizationRepository,
  reference: ReferenceService,
  { removeImages = async () => {}, beforeDelete = async () => {} }: OrganizationServiceOptions = {},
) {
  const freshness = freshnessReads((ids) => repository.freshness(ids));
  const directory = createDirectory(
    { ...repository, directoryVersion: freshness.directoryVersion },
    ALL_COUNTRIES_CODE,
  );
  /**
   * The last list of active countries: the same array while neither the countries nor the
   * reference data change, so a page renders its country options from what it kept (ADR 027).
   */
  let lastActive: { codes: readonly string[]; snapshot: object; countries: Country[] } | null =
    null;

  async function toFilter(
    query: Pick<OrganizationListQuery, 'q' | 'categories' | 'country' | 'verified'>,
  ): Promise<IndexFilter> {
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
      categoryIds: query.categories,
      terms: query.q ? searchTerms(query.q) : [],
      verified: query.verified === 'true',
    };
  }

  /** A saved search's filters as the list request with the same URL would have them. */
  const savedFilter = (filters: SavedSearchFilters) =>
    toFilter({
      q: filters.q,
      categories: filters.categories,
      country: filters.country ?? undefined,
      verified: filters.verified ? 'true' : undefined,
    });

  /**
   * docs/product.md#organizations: only a signed-in, permanent, verified user creates or changes
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
   * The product's payment gate, enforced here: the profile of an organization without a live
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
   * docs/product.md#organizations: known ids, at least one, at most seven, one from each group.
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

    /**
     * Deletes an organization as its owner's deletion does (subscriptions canceled, images
     * removed), for an operator: the operators service has authorized and recorded it. False
     * when it is already gone.
     */
    async deleteForOperator(id: string): Promise<boolean> {
      await beforeDelete(id);
      const imageUrls = await repository.delete(id);
      if (!imageUrls) return false;
      await removeImages(imageUrls);
      return true;
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
        metaJson: `{"total":${answer.total},"facets":${answer.facetsJson},"verified":${answer.verified},"nextCursor":${nextCursor}}`,
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
     * What a published profile's page is made of, as one short token that changes with any
     * write to the organization (its row's transaction id); null when nobody may see it.
     */
    async profileVersion(id: string): Promise<string | null> {
      return OrganizationId.safeParse(id).success ? freshness.rowVersion(id) : null;
    },

    /** Every published profile's version (as profileVersion), in id order after `afterId`. */
    profileVersionsAfter: (afterId: string | null, limit: number) =>
      repository.publishedRowVersionsAfter(afterId, limit),

    /** The directory index's size and lag, for GET /metrics. */
    directoryStatus: () => directory.status(),

    getVisible,

    /** A published organization: what anybody may see (the server's page heads). */
    getPublished: (id: string) => getVisible(id, async () => null),

    /** The caller's own organizations in every payment state (the dashboard's lists). */
    async listOwned(userId: string): Promise<Organization[]> {
      const owned = await repository.findOwnedBy(userId);
      return owned.map(({ row, links }) => toOrganization(row, links));
    },

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
export type OrganizationService = ReturnType<typeof createOrganizationService>;
