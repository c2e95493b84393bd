import { DirectoryIndex } from './directory-index.ts';
import { utcToday } from './hiring.ts';
import {
  DEFAULT_THRESHOLDS,
  type IndexAnswer,
  type IndexFilter,
  type IndexThresholds,
  type IndexedOrganization,
  type OrderKey,
} from './index-types.ts';

/**
 * What the engine reads from the database (the organizations repository): published rows with
 * their lexemes, the directory's version, and what each version changed.
 */
export interface DirectorySource {
  /** Published organizations in id order after `afterId`. */
  indexRowsAfter(afterId: string | null, limit: number): Promise<IndexedOrganization[]>;
  /** The organizations among `ids` that are published now. */
  indexRowsByIds(ids: string[]): Promise<IndexedOrganization[]>;
  /** Read by a query sent after the call: it holds every commit made before it. */
  directoryVersion(): Promise<number>;
  /** What each version after `version` changed, oldest first (ids null: everything). */
  directoryChangesSince(version: number): PromiseLike<{ version: number; ids: string[] | null }[]>;
}

/** Batch sizes and thresholds; tests lower them to reach every path with a few rows. */
export interface DirectoryOptions {
  /** Published organizations are read in batches of this many when the index is built. */
  loadBatch: number;
  /** Catching up on more changed organizations than this reads them all again instead. */
  readAgainAtMost: number;
  readBatch: number;
  index: IndexThresholds;
  /** Today's date in UTC (YYYY-MM-DD), which decides which roles are open; tests move it. */
  today?: () => string;
}

const DEFAULT_OPTIONS: DirectoryOptions = {
  loadBatch: 10_000,
  readAgainAtMost: 20_000,
  readBatch: 5_000,
  index: DEFAULT_THRESHOLDS,
};

/**
 * Keeps this process's directory index in step with the database. The database counts
 * versions (migration 0006); the index knows the version it has applied, and whoever reads a
 * newer one calls catchUpTo(), which reads the changes since and applies them, one catch-up at
 * a time. A gap in the change log, a statement that changed too many rows, or a database that
 * went back in time reads every published organization again.
 */
export function createDirectory(
  source: DirectorySource,
  countryMatchingAll: string,
  {
    loadBatch,
    readAgainAtMost,
    readBatch,
    index: thresholds,
    today = utcToday,
  }: DirectoryOptions = DEFAULT_OPTIONS,
) {
  let index: DirectoryIndex | null = null;
  let version = 0;
  let loading: Promise<void> | null = null;
  let advancing: Promise<void> | null = null;
  /** When the index last applied what the database had (built, or caught up). */
  let caughtUpAt: Date | null = null;

  async function readEverything() {
    // The version is read first: whatever changes while the rows are read comes after it and
    // is applied again on the next catch-up, which is harmless.
    const startVersion = await source.directoryVersion();
    const next = new DirectoryIndex(countryMatchingAll, thresholds, today);
    let afterId: string | null = null;
    for (;;) {
      const rows = await source.indexRowsAfter(afterId, loadBatch);
      next.apply([], rows);
      if (rows.length < loadBatch) break;
      afterId = rows.at(-1)!.id;
    }
    // Numbered in order, and the costliest searches counted, now rather than on a request.
    next.keepLargestPrefixes();
    index = next;
    version = startVersion;
    caughtUpAt = new Date();
  }

  async function advance() {
    if (!index) return readEverything();
    const changes = await source.directoryChangesSince(version);
    const last = changes.at(-1);
    if (!last || changes[0]!.version !== version + 1 || changes.some((c) => c.ids === null)) {
      return readEverything();
    }
    const ids = new Set(changes.flatMap((change) => change.ids!));
    if (ids.size > readAgainAtMost) return readEverything();
    const changed = [...ids];
    const rows = [];
    for (let start = 0; start < changed.length; start += readBatch) {
      rows.push(...(await source.indexRowsByIds(changed.slice(start, start + readBatch))));
    }
    index.apply(changed, rows);
    version = last.version;
    caughtUpAt = new Date();
  }

  /**
   * The database's version, read by a query sent after this call (the source gathers concurrent
   * reads into one: freshness-reads.ts), so it holds every commit made before the call.
   */
  const readVersion = (): Promise<number> => source.directoryVersion();

  /** One catch-up at a time: callers that arrive meanwhile wait for the one in flight. */
  async function serially(step: () => Promise<void>) {
    advancing ??= step().finally(() => {
      advancing = null;
    });
    await advancing;
  }

  /** Brings the index to `target` (a version read from the database) or past it. */
  async function catchUpTo(target: number): Promise<void> {
    // Only a database restored to an earlier state goes back: it is read again, once.
    if (target < version) return serially(readEverything);
    while (version < target) await serially(advance);
  }

  /**
   * What `ask` reads of the index, holding every change committed before this call: the
   * database's version is asked for at once, the index is read while it is on its way, and the
   * reading stands if the index was at that version; otherwise the index catches up and is read
   * again. `atLeast`: a version the caller read after its own request arrived (a page render's),
   * held to instead of asking again.
   */
  async function current<T>(ask: (built: DirectoryIndex) => T, atLeast?: number): Promise<T> {
    if (!index) await directory.ready();
    if (atLeast !== undefined && version >= atLeast) return ask(index!);
    const reading = atLeast ?? readVersion();
    const answeredAt = version;
    const answer = ask(index!);
    const target = await reading;
    if (target === answeredAt) return answer;
    await catchUpTo(target);
    return ask(index!);
  }

  const directory = {
    /** Resolves once the index is built (the first call starts building it). */
    async ready(): Promise<void> {
      if (index) return;
      loading ??= readEverything().finally(() => {
        loading = null;
      });
      await loading;
    },

    /**
     * What an operator watches (GET /metrics): the organizations held, how many versions the
     * database is ahead (the index catches up on the next list request, so a quiet directory
     * may show a few), and when it last caught up. Asks the database for its version.
     */
    async status(): Promise<{
      organizations: number;
      versionsBehind: number;
      caughtUpAt: Date | null;
    }> {
      const current = await source.directoryVersion();
      return {
        organizations: index?.size ?? 0,
        versionsBehind: Math.max(0, current - (index ? version : 0)),
        caughtUpAt,
      };
    },

    /**
     * The database's directory version as of this call (one read shared with concurrent list
     * requests): a page rendered from list answers asked for after it holds at least that.
     */
    version: (): Promise<number> => readVersion(),

    /**
     * The countries with at least one published organization, as of this call, or as of
     * `atLeast`: a version its caller read after its own request arrived.
     */
    async countries(atLeast?: number): Promise<readonly string[]> {
      if (!index) await this.ready();
      const target = atLeast ?? (await readVersion());
      await catchUpTo(target);
      return index!.countries();
    },

    /**
     * The open roles today of each of `ids` (0: not listed, or not hiring) and the last day a
     * closing date passed in the index: what a kept page showing roles depends on besides the
     * database's versions, since a role expires with no write (ADR 042). Holds every change up
     * to `atLeast`, a version read with (or after) the page's own.
     */
    async hiring(
      ids: readonly string[],
      atLeast: number,
    ): Promise<{ openRoles: number[]; expiredOn: string | null }> {
      if (!index) await this.ready();
      await catchUpTo(atLeast);
      const openRoles = ids.map((id) => index!.hiring(id).openRoles);
      return { openRoles, expiredOn: index!.hiring(null).expiredOn };
    },

    /**
     * Which of `ids` the directory lists for `filter`, in its order, holding every change
     * committed before this call, or `atLeast` (a version its caller read).
     */
    async matchingAmong(
      filter: IndexFilter,
      ids: readonly string[],
      atLeast?: number,
    ): Promise<OrderKey[]> {
      if (!index) await this.ready();
      await catchUpTo(atLeast ?? (await readVersion()));
      return index!.matchingAmong(filter, ids);
    },

    /** The index's answer to a list request, as `current` holds it. */
    async answer(
      filter: IndexFilter,
      after: OrderKey | null,
      limit: number,
      atLeast?: number,
    ): Promise<IndexAnswer> {
      return current((built) => built.query(filter, after, limit), atLeast);
    },

    /**
     * Up to `limit` matches' keys in order, and whether more follow, as `answer` holds them: no
     * items or facets (the feed of newly published organizations orders them itself, ADR 053).
     */
    async keys(filter: IndexFilter, limit: number): Promise<Pick<IndexAnswer, 'keys' | 'more'>> {
      return current((built) => built.query(filter, null, limit, true));
    },
  };
  return directory;
}
