/** What one read of the database says about what pages and lists are made of. */
export interface Freshness {
  /** The directory's version (migration 0006). */
  directoryVersion: number;
  /** The transaction that last wrote each published organization asked for, by id. */
  rowVersions: Map<string, string>;
}

/**
 * The reads every public page and list request makes before it answers (ADR 018): the
 * directory's version and organizations' row versions, gathered. Whatever is asked in one turn of
 * the event loop goes in one query, sent after the last of them was asked for: each answer holds
 * every commit made before its caller asked, at the cost of one query per batch of requests.
 * Batches do not wait for one another: holding a batch until the query before it came back (one
 * query at a time) sent fewer queries but served fewer pages, first renders and kept ones alike.
 */
export function freshnessReads(read: (ids: string[]) => Promise<Freshness>) {
  let gathering: { ids: Set<string>; answer: Promise<Freshness> } | null = null;

  function joined() {
    if (gathering) return gathering;
    const ids = new Set<string>();
    const answer = new Promise<Freshness>((resolve, reject) => {
      setImmediate(() => {
        gathering = null;
        read([...ids]).then(resolve, reject);
      });
    });
    gathering = { ids, answer };
    return gathering;
  }

  return {
    /** The directory's version as of this call or later. */
    directoryVersion: (): Promise<number> =>
      joined().answer.then(({ directoryVersion }) => directoryVersion),

    /** The published organization's row version as of this call or later; null when unpublished. */
    rowVersion(id: string): Promise<string | null> {
      const batch = joined();
      batch.ids.add(id);
      return batch.answer.then(({ rowVersions }) => rowVersions.get(id) ?? null);
    },
  };
}
