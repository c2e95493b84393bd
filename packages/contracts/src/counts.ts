const integerFormat = new Intl.NumberFormat('en-US');
const pluralRules = new Intl.PluralRules('en-US');

/**
 * A count with its noun, the noun agreeing with the count: "1 organization", "1,284
 * organizations", "0 organizations". Every text that puts a number before a noun goes through
 * here, so no screen says "1 matching organizations".
 */
export const countOf = (count: number, one: string, other: string) =>
  `${integerFormat.format(count)} ${pluralRules.select(count) === 'one' ? one : other}`;
