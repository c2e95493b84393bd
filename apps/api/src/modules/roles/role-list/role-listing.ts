import { z } from 'zod';
import {
  ALL_COUNTRIES_CODE,
  apiMessages,
  isStorableText,
  type RoleListItem,
  type RoleListQuery,
  type SavedRoleSearchFilters,
} from '@si/contracts';
import type { Database } from '../../../db/client.ts';
import { badRequest } from '../../../http/errors.ts';
import type { OrganizationService } from '../../organizations/service.ts';
import { searchTerms } from '../../organizations/search-query.ts';
import { requireKnownReferences } from '../../reference/known-references.ts';
import type { ReferenceService } from '../../reference/service.ts';
import type { RoleFilter, RoleKey } from './open-role-index.ts';
import { createOpenRoleQueries } from './open-role-queries.ts';
import { createOpenRoleList, type OpenRoleListOptions } from './open-role-sync.ts';

/** A page of open roles, serialized: the response body and its state (the ETag's part). */
export interface RoleListPage {
  body: Buffer;
  state: string;
}

/** Keyset position in the (posted, id) order, opaque to clients. */
const Position = z.tuple([z.iso.datetime().refine(isStorableText), z.uuid()]);

const encodeCursor = (key: RoleKey): string =>
  Buffer.from(JSON.stringify(key)).toString('base64url');

function decodeCursor(cursor: string): RoleKey | null {
  try {
    return Position.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
}

export interface RoleListingOptions {
  db: Database;
  organizations: Pick<OrganizationService, 'directoryVersion' | 'directoryChangesSince'>;
  reference: Pick<ReferenceService, 'snapshot'>;
  list?: Partial<OpenRoleListOptions>;
}

/** GET /api/roles and the /roles page (ADR 044): every open role of published organizations. */
export function createRoleListing({ db, organizations, reference, list }: RoleListingOptions) {
  const roles = createOpenRoleList(
    {
      ...createOpenRoleQueries(db),
      directoryVersion: () => organizations.directoryVersion(),
      directoryChangesSince: (version) => organizations.directoryChangesSince(version),
    },
    list,
  );

  async function toFilter(
    query: Pick<RoleListQuery, 'kind' | 'remote' | 'country' | 'categories' | 'q'>,
  ): Promise<RoleFilter> {
    await requireKnownReferences(reference, query);
    return {
      kinds: query.kind,
      remote: query.remote === 'true',
      country: query.country === ALL_COUNTRIES_CODE ? undefined : query.country,
      categoryIds: query.categories,
      terms: query.q ? searchTerms(query.q) : [],
    };
  }

  /** A saved search's filters as the list request with the same URL would have them. */
  const savedFilter = (filters: SavedRoleSearchFilters) =>
    toFilter({
      q: filters.q,
      kind: filters.kinds,
      remote: filters.remote ? 'true' : undefined,
      country: filters.country ?? undefined,
      categories: filters.categories,
    });

  return {
    /** Refuses a saved search's filters as a list request's (an unknown country or category). */
    async checkSavedRoleFilters(filters: SavedRoleSearchFilters): Promise<void> {
      await savedFilter(filters);
    },

    /**
     * Of the roles posted since a saved search's last alert, those open now that the list shows
     * for its filters, newest first (ADR 046); the index holds every change up to `atLeast`.
     */
    async newlyOpened(
      filters: SavedRoleSearchFilters,
      posted: readonly { roleId: string; organizationId: string }[],
      atLeast: number,
    ): Promise<RoleListItem[]> {
      if (posted.length === 0) return [];
      return roles.matchingAmong(await savedFilter(filters), posted, atLeast);
    },

    /** Builds the index now rather than on the first request. */
    prepareRoleList: () => roles.ready(),

    /**
     * A page of open roles with the exact total, once the index holds every change committed
     * before this call (or `atLeast`, a directory version read after the caller's request).
     */
    async listOpenRoles(query: RoleListQuery, atLeast?: number): Promise<RoleListPage> {
      const filter = await toFilter(query);
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      if (query.cursor && !after) {
        throw badRequest(apiMessages.badCursor, { cursor: apiMessages.badCursor });
      }
      const answer = await roles.answer(filter, after, query.limit, atLeast);
      const last = answer.more ? answer.keys.at(-1) : undefined;
      const nextCursor = last ? JSON.stringify(encodeCursor(last)) : 'null';
      return {
        body: Buffer.from(
          `{"data":${answer.items},"meta":{"total":${answer.total},"nextCursor":${nextCursor}}}`,
        ),
        state: answer.state,
      };
    },
  };
}
export type RoleListing = ReturnType<typeof createRoleListing>;
