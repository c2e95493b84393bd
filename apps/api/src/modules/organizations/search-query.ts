const MAX_TERMS = 8;

/**
 * The words of what a visitor typed, lower-cased, each to be matched as a prefix
 * ("clim wat" finds "climate water"): letters and digits only, as PostgreSQL's `simple`
 * configuration splits them, and at most eight.
 */
export function searchTerms(text: string): string[] {
  return (
    text
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, MAX_TERMS) ?? []
  );
}

/** The same search as a PostgreSQL tsquery (`clim:* & wat:*`), or null when nothing is left. */
export function toPrefixTsQuery(text: string): string | null {
  const terms = searchTerms(text);
  return terms.length === 0 ? null : terms.map((term) => `${term}:*`).join(' & ');
}
