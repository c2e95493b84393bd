import { countries as countryTable, getEmojiFlag, type TCountryCode } from 'countries-list';
import type { Country } from '@si/contracts';

/**
 * Codes the package carries that ISO 3166-1 has not officially assigned: Kosovo's user-assigned
 * XK, and the exceptionally reserved AC (Ascension Island) and TA (Tristan da Cunha).
 */
const notInIso3166 = new Set(['XK', 'AC', 'TA']);

export const isoCountries: Country[] = (Object.keys(countryTable) as TCountryCode[])
  .filter((code) => !notInIso3166.has(code))
  .map((code) => ({ code, name: countryTable[code].name, flagEmoji: getEmojiFlag(code) }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));
