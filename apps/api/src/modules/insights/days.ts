/** Insights are counted by UTC day. */
export const DAY_MS = 86_400_000;

/** The UTC day of `at`, as the daily rows name it (YYYY-MM-DD). */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);
