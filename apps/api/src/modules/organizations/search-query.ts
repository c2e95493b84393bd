const MAX_TERMS = 8;

/**
 * The words of what a visitor typed, lower-cased, each to be matched as a prefix
 * ("clim wat" finds "climate water"): letters and digits only, as PostgreSQL's `simple`
 * configuration splits them, each once (a repeated word asks nothing more), and at most eight.
 */
export function searchTerms(text: string): string[] {
  return [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, MAX_TERMS);
}
