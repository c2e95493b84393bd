/**
 * Fixed-window counters in this process's memory, for limits that protect the service rather
 * than meter a customer: an anonymous address's public reads (ADR 055). Counting those in the
 * database made every public read a write; here a hit costs a map lookup. Each process counts
 * its own hits, so an address spread over N processes meets N times the limit at most.
 */
export function createMemoryWindowCounters(now: () => number = Date.now) {
  const windows = new Map<string, { hits: number; resetAt: number }>();
  let sweepAt = 0;

  /** Forgets the windows that are over, at most once a second. */
  function sweep(at: number) {
    if (at < sweepAt) return;
    sweepAt = at + 1000;
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  }

  return {
    async hit(key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }> {
      const at = now();
      sweep(at);
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        window = { hits: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      window.hits += 1;
      return { hits: window.hits, ttlMs: window.resetAt - at };
    },
  };
}
