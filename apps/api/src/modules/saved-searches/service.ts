import {
  SavedSearchId,
  SAVED_SEARCHES_PER_USER,
  errorCodes,
  savedSearchTexts,
  type AdminSavedSearchStats,
  type CreateSavedSearchRequest,
  type SavedSearch,
  type RoleKind,
  type SavedRoleSearchFilters,
  type SavedSearchFilters,
  type SavedSearchUnsubscribeError,
} from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { requireCaller } from '../../identity/caller-checks.ts';
import type { OperatorCaller } from '../../http/route-access.ts';
import type { AuthSession } from '../../identity/session.ts';
import type { UnsubscribeTokens } from '../../adapters/email/unsubscribe-tokens.ts';
import type { OrganizationService } from '../organizations/service.ts';
import type { RoleListing } from '../roles/role-list/role-listing.ts';
import { UNSUBSCRIBE_LINK_DAYS, nextAlertAt } from './alert-schedule.ts';
import { savedSearchSavers } from './savers.ts';
import type { SavedSearchRepository, SavedSearchRow } from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const filtersOf = (row: SavedSearchRow): SavedSearchFilters => ({
  q: row.q,
  categories: row.categoryIds,
  country: row.country,
  verified: row.verified,
  hiring: row.hiring,
});

/** A roles search's filters (ADR 046); its kinds were checked when it was saved. */
export const roleFiltersOf = (row: SavedSearchRow): SavedRoleSearchFilters => ({
  q: row.q,
  kinds: row.kinds as RoleKind[],
  remote: row.remote,
  country: row.country,
  categories: row.categoryIds,
});

function toSavedSearch(row: SavedSearchRow): SavedSearch {
  const common = {
    id: row.id,
    name: row.name,
    frequency: row.frequency,
    createdAt: row.createdAt.toISOString(),
    lastAlertAt: row.lastAlertAt?.toISOString() ?? null,
    nextAlertAt: row.nextAlertAt.toISOString(),
  };
  return row.follows === 'roles'
    ? { ...common, follows: 'roles', filters: roleFiltersOf(row) }
    : { ...common, follows: 'organizations', filters: filtersOf(row) };
}

/** The columns of a search's filters: those of what it does not follow keep their defaults. */
const filterColumns = (request: CreateSavedSearchRequest) =>
  request.follows === 'roles'
    ? {
        follows: 'roles' as const,
        q: request.filters.q,
        categoryIds: request.filters.categories,
        country: request.filters.country,
        kinds: request.filters.kinds,
        remote: request.filters.remote,
      }
    : {
        follows: 'organizations' as const,
        q: request.filters.q,
        categoryIds: request.filters.categories,
        country: request.filters.country,
        verified: request.filters.verified,
        hiring: request.filters.hiring,
      };

/**
 * Saved searches (ADR 034, ADR 046 for those that follow roles): a permanent account with a verified email saves, lists and deletes
 * its own (at most 20); anyone holding an alert's unsubscribe link stops that search's alerts;
 * operators see the counts.
 */
export function createSavedSearchService(options: {
  db: Database;
  repository: SavedSearchRepository;
  organizations: Pick<OrganizationService, 'checkSavedFilters'>;
  roles: Pick<RoleListing, 'checkSavedRoleFilters'>;
  tokens: UnsubscribeTokens;
  now?: () => Date;
}) {
  const { db, repository, tokens, now = () => new Date() } = options;

  /** Alerts go to the account's email: a guest has none, an unverified one may not be theirs. */
  function requireSaver(session: AuthSession | null) {
    return requireCaller(session, savedSearchSavers).user;
  }

  const subjectOf = (id: string, expires: number) => `${id}.${expires}`;

  return {
    async create(
      session: AuthSession | null,
      request: CreateSavedSearchRequest,
    ): Promise<SavedSearch> {
      const user = requireSaver(session);
      if (request.follows === 'roles') await options.roles.checkSavedRoleFilters(request.filters);
      else await options.organizations.checkSavedFilters(request.filters);
      const at = now();
      const row = await db.transaction(async (tx) => {
        await repository.lockUser(tx, user.id);
        if ((await repository.countOwned(tx, user.id)) >= SAVED_SEARCHES_PER_USER) {
          throw new AppError(409, errorCodes.badRequest, savedSearchTexts.tooMany);
        }
        return repository.insert(tx, {
          userId: user.id,
          name: request.name,
          frequency: request.frequency,
          ...filterColumns(request),
          nextAlertAt: nextAlertAt(at, request.frequency, at),
        });
      });
      return toSavedSearch(row);
    },

    async list(session: AuthSession | null): Promise<SavedSearch[]> {
      const user = requireSaver(session);
      return (await repository.listOwned(user.id)).map(toSavedSearch);
    },

    /** Someone else's search, or none, is the same 404: ids are not confirmed to strangers. */
    async remove(session: AuthSession | null, id: string): Promise<void> {
      const user = requireSaver(session);
      if (!SavedSearchId.safeParse(id).success || !(await repository.deleteOwned(user.id, id))) {
        throw notFound(savedSearchTexts.notFound);
      }
    },

    /** The query of an alert's unsubscribe link, working for UNSUBSCRIBE_LINK_DAYS from `at`. */
    unsubscribeQuery(id: string, at: Date): string {
      const expires = Math.floor((at.getTime() + UNSUBSCRIBE_LINK_DAYS * DAY_MS) / 1000);
      const token = tokens.tokenOf(subjectOf(id, expires));
      return `search=${encodeURIComponent(id)}&expires=${expires}&token=${token}`;
    },

    /**
     * Stops a search's alerts (deletes the search) from its email's link: null when done, else
     * why nothing was changed. A made-up or altered link is checked before anything is read.
     */
    async unsubscribe(link: {
      search: string;
      expires: string;
      token: string;
    }): Promise<SavedSearchUnsubscribeError | null> {
      const expires = /^\d{1,12}$/.test(link.expires) ? Number(link.expires) : null;
      if (
        expires === null ||
        !SavedSearchId.safeParse(link.search).success ||
        !tokens.matches(subjectOf(link.search, expires), link.token)
      ) {
        return 'invalid';
      }
      if (expires * 1000 < now().getTime()) return 'expired';
      return (await repository.deleteById(link.search)) ? null : 'used';
    },

    /** The figures for the console: its route lets operators only in (`access: 'operator'`). */
    async stats(_operator: OperatorCaller): Promise<AdminSavedSearchStats> {
      const { counts, lastRun } = await repository.stats(now());
      return {
        ...counts,
        lastRun: lastRun && {
          startedAt: lastRun.startedAt.toISOString(),
          finishedAt: lastRun.finishedAt.toISOString(),
          outcome: lastRun.outcome,
          searchesChecked: lastRun.searchesChecked,
          emailsQueued: lastRun.emailsQueued,
          error: lastRun.error,
        },
      };
    },
  };
}
export type SavedSearchService = ReturnType<typeof createSavedSearchService>;
