import { ALL_COUNTRIES_CODE, homeTexts, type Country } from '@si/contracts';
import { byCode, lookupOf } from '../../../lib/lookups';

/**
 * A country in the console by its name ('Kenya (KE)'), from the reference countries; the code
 * alone while they load or for a code they do not hold, so the record never waits on them.
 */
export function CountryName({
  code,
  countries,
}: {
  code: string;
  countries: readonly Country[] | undefined;
}) {
  if (code === ALL_COUNTRIES_CODE) return <>{homeTexts.allCountries}</>;
  const country = lookupOf(countries, byCode).get(code);
  if (!country) return <>{code}</>;
  return (
    <>
      {country.name} <span className="text-ink-muted">({code})</span>
    </>
  );
}
