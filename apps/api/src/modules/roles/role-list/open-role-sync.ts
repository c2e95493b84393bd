import type { RoleListItem } from '@si/contracts';
import { utcToday } from '../../organizations/directory/index.ts';
import {
  OpenRoleIndex,
  type IndexedRole,
  type RoleAnswer,
  type RoleFilter,
  type RoleKey,
} from './open-role-index.ts';

/**
 * What the list of open roles reads from the database: the open roles of published
 * organizations, and the directory's version and change log, which record every organization
 * whose listed columns or roles changed (migrations 0006, 0020, 0022).
 */
export interface OpenRoleSource {
  /** Open roles of published organizations, in role id order after `afterId`. */
  openRolesAfter(afterId: string | null, limit: number): Promise<IndexedRole[]>;
  /** The open roles of those of `organizationIds` that are published now. */
  openRolesOf(organizationIds: string[]): Promise<IndexedRole[]>;
  /** Read by a query sent after the call: it holds every commit made before it. */
  directoryVersion(): Promise<number>;
  /** What each version after `version` changed, oldest first (ids null: everything). */
  directoryChangesSince(version: number): PromiseLike<{ version: number; ids: string[] | null }[]>;
}

export interface OpenRoleListOptions {
  loadBatch: number;
  /** Catching up on more changed organizations than this reads every role again instead. */
  readAgainAtMost: number;
  readBatch: number;
  /** Today's date in UTC (YYYY-MM-DD), which decides which roles are open; tests move it. */
  today: () => string;
}

const DEFAULT_OPTIONS: OpenRoleListOptions = {
  loadBatch: 10_000,
  readAgainAtMost: 20_000,
  readBatch: 5_000,
  today: utcToday,
};

/**
 * Keeps this process's index of open roles in step with the database, as directory-sync.ts
 * keeps the directory's (ADR 018, ADR 044): an answer asks for the directory's version at once,
 * is worked out while the read is on its way, and stands if the index was at that version;
 * otherwise the index reads the organizations changed since, or everything after a gap, a
 * statement of "all" or a database that went back, and answers again.
 */
export function createOpenRoleList(
  source: OpenRoleSource,
  options: Partial<OpenRoleListOptions> = {},
) {
  const { loadBatch, readAgainAtMost, readBatch, today } = { ...DEFAULT_OPTIONS, ...options };
  let index: OpenRoleIndex | null = null;
  let version = 0;
  let advancing: Promise<void> | null = null;

  async function readEverything() {
    // Read first: a change made while the rows are read is applied again on the next catch-up.
    const startVersion = await source.directoryVersion();
    const next = new OpenRoleIndex(today);
    let afterId: string | null = null;
    for (;;) {
      const rows = await source.openRolesAfter(afterId, loadBatch);
      next.apply([], rows);
      if (rows.length < loadBatch) break;
      afterId = rows.at(-1)!.id;
    }
    next.regroup();
    index = next;
    version = startVersion;
  }

  async function advance() {
    if (!index || index.wornOut) return readEverything();
    const changes = await source.directoryChangesSince(version);
    const last = changes.at(-1);
    if (!last || changes[0]!.version !== version + 1 || changes.some((c) => c.ids === null)) {
      return readEverything();
    }
    const changed = [...new Set(changes.flatMap((change) => change.ids!))];
    if (changed.length > readAgainAtMost) return readEverything();
    const rows: IndexedRole[] = [];
    for (let start = 0; start < changed.length; start += readBatch) {
      rows.push(...(await source.openRolesOf(changed.slice(start, start + readBatch))));
    }
    index.apply(changed, rows);
    version = last.version;
  }

  /** One catch-up at a time: callers that arrive meanwhile wait for the one in flight. */
  async function serially(step: () => Promise<void>) {
    advancing ??= step().finally(() => {
      advancing = null;
    });
    await advancing;
  }

  async function catchUpTo(target: number): Promise<void> {
    if (!index || target < version) return serially(readEverything);
    while (version < target) await serially(advance);
  }

  return {
    /** Builds the index now rather than on the first request. */
    async ready(): Promise<void> {
      if (!index) await serially(readEverything);
    },

    /**
     * Which of some roles are open and match `filter` (newest first), once the index holds
     * every change up to `atLeast`: a saved search's alert (ADR 046).
     */
    async matchingAmong(
      filter: RoleFilter,
      roles: readonly { roleId: string; organizationId: string }[],
      atLeast: number,
    ): Promise<RoleListItem[]> {
      if (!index) await this.ready();
      // An index already past `atLeast` is fresh enough; only one behind catches up.
      if (version < atLeast) await catchUpTo(atLeast);
      return index!.matchingAmong(filter, roles);
    },

    /** Open roles held, for an operator. */
    size: () => index?.size ?? 0,

    /**
     * The index's answer, holding every change committed before this call, or `atLeast` (a
     * version a page render read after its request arrived).
     */
    async answer(
      filter: RoleFilter,
      after: RoleKey | null,
      limit: number,
      atLeast?: number,
    ): Promise<RoleAnswer> {
      if (!index) await this.ready();
      if (atLeast !== undefined && version >= atLeast) return index!.query(filter, after, limit);
      const reading = atLeast ?? source.directoryVersion();
      const answeredAt = version;
      const answer = index!.query(filter, after, limit);
      const target = await reading;
      if (target === answeredAt && !index!.wornOut) return answer;
      if (index!.wornOut) await serially(readEverything);
      await catchUpTo(target);
      return index!.query(filter, after, limit);
    },
  };
}
export type OpenRoleList = ReturnType<typeof createOpenRoleList>;
