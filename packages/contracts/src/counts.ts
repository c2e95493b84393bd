/*
 * Whole numbers are written without Intl: the first Intl formatter a page makes loads the
 * browser's locale data, 50 to 150 ms of the main thread here and four times that on
 * Lighthouse's phone, and this module runs in every page's first script (ADR 005, ADR 039).
 * Intl stays for what only it writes well (fractions), made on first use.
 */
let numberFormat: Intl.NumberFormat | undefined;
let pluralRules: Intl.PluralRules | undefined;

/** Every third digit from the right gets a comma before it (not the first digit). */
const THOUSANDS = /\B(?=(\d{3})+$)/g;

/**
 * 1284 -> "1,284" (DESIGN-BRIEF: numbers formatted for people), as en-US's Intl writes it. A
 * home page writes about a hundred counts, and Intl's formatting of them was a twentieth of its
 * render.
 */
export function formatInteger(value: number): string {
  if (Number.isSafeInteger(value)) {
    const digits = String(Math.abs(value)).replace(THOUSANDS, ',');
    return value < 0 ? `-${digits}` : digits;
  }
  numberFormat ??= new Intl.NumberFormat('en-US');
  return numberFormat.format(value);
}

/** In English a whole number takes the singular only when it is 1. */
function isOne(count: number): boolean {
  if (Number.isInteger(count)) return count === 1;
  pluralRules ??= new Intl.PluralRules('en-US');
  return pluralRules.select(count) === 'one';
}

/**
 * A count with its noun, the noun agreeing with the count: "1 organization", "1,284
 * organizations", "0 organizations". Every text that puts a number before a noun goes through
 * here, so no screen says "1 matching organizations".
 */
export const countOf = (count: number, one: string, other: string) =>
  `${formatInteger(count)} ${isOne(count) ? one : other}`;
