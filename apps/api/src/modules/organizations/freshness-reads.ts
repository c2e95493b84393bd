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
 * the event loop, or while a read is on its way, goes in the next query, sent after the last of
 * them was asked for: each answer holds every commit made before its caller asked. One query at a
 * time: under load a batch grows instead of the queries multiplying (a query's round trip cost
 * a repeated page more than serving it).
 */
export function freshnessReads(read: (ids: string[]) => Promise<Freshness>) {
  interface Batch {
    ids: Set<string>;
    answer: Promise<Freshness>;
    send(): void;
  }
  let gathering: Batch | null = null;
  let inFlight = false;

  function sendSoon(batch: Batch) {
    setImmediate(() => batch.send());
  }

  function joined(): Batch {
    if (gathering) return gathering;
    const ids = new Set<string>();
    let send!: () => void;
    const answer = new Promise<Freshness>((resolve, reject) => {
      send = () => {
        gathering = null;
        inFlight = true;
        read([...ids])
          .then(resolve, reject)
          .finally(() => {
            inFlight = false;
            if (gathering) sendSoon(gathering);
          });
      };
    });
    gathering = { ids, answer, send };
    if (!inFlight) sendSoon(gathering);
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
