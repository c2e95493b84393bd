const MAX_TERMS = 8;

/**
 * Turns what a visitor typed into a prefix-matching tsquery ("clim wat" finds "climate water").
 * Only letters and digits pass, so nothing typed can break the tsquery syntax.
 * Returns null when nothing searchable is left.
 */
export function toPrefixTsQuery(text: string): string | null {
  const terms =
    text
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, MAX_TERMS) ?? [];
  return terms.length === 0 ? null : terms.map((term) => `${term}:*`).join(' & ');
}
