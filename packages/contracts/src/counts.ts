const integerFormat = new Intl.NumberFormat('en-US');
const pluralRules = new Intl.PluralRules('en-US');

/**
 * 1284 -> "1,284" (DESIGN-BRIEF: numbers formatted for people). A whole number below 1,000 has no
 * separator to add and is written without Intl: a home page writes about a hundred counts, and
 * Intl's formatting of them was a twentieth of its render.
 */
export function formatInteger(value: number): string {
  return Number.isInteger(value) && value >= 0 && value < 1000
    ? String(value)
    : integerFormat.format(value);
}

/** In English a whole number takes the singular only when it is 1. */
const isOne = (count: number) =>
  Number.isInteger(count) ? count === 1 : pluralRules.select(count) === 'one';

/**
 * A count with its noun, the noun agreeing with the count: "1 organization", "1,284
 * organizations", "0 organizations". Every text that puts a number before a noun goes through
 * here, so no screen says "1 matching organizations".
 */
export const countOf = (count: number, one: string, other: string) =>
  `${formatInteger(count)} ${isOne(count) ? one : other}`;
