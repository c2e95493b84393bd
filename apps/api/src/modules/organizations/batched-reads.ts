/**
 * Reads by key, gathered: every key asked for in one turn of the event loop goes to the database
 * in one query, sent after the last of them was asked for, so each answer holds every commit made
 * before its caller asked (the freshness ADR 018 promises), at the cost of one query per batch of
 * requests rather than one per request.
 */
export function batchedReads<T>(readMany: (keys: string[]) => Promise<Map<string, T>>) {
  let waiting: Map<
    string,
    { resolve: (value: T | null) => void; reject: (error: unknown) => void }[]
  > | null = null;

  async function flush() {
    const batch = waiting!;
    waiting = null;
    try {
      const found = await readMany([...batch.keys()]);
      for (const [key, callers] of batch) {
        for (const caller of callers) caller.resolve(found.get(key) ?? null);
      }
    } catch (error) {
      for (const callers of batch.values()) for (const caller of callers) caller.reject(error);
    }
  }

  return {
    /** The value for `key`, or null when there is none. */
    read(key: string): Promise<T | null> {
      return new Promise((resolve, reject) => {
        if (!waiting) {
          waiting = new Map();
          setImmediate(() => void flush());
        }
        const callers = waiting.get(key);
        if (callers) callers.push({ resolve, reject });
        else waiting.set(key, [{ resolve, reject }]);
      });
    },
  };
}
