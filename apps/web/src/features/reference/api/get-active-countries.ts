import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Country } from '@si/contracts';
import { apiData } from '../../../lib/api-client';

/** Countries that have published organizations (organizations with country ALL add none). */
export function getActiveCountries(signal?: AbortSignal): Promise<Country[]> {
  return apiData<Country[]>('/organizations/active-countries', { signal });
}

export const activeCountriesQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'active-countries'],
    queryFn: ({ signal }) => getActiveCountries(signal),
    staleTime: 5 * 60 * 1000,
  });

export function useActiveCountries() {
  return useQuery(activeCountriesQueryOptions());
}
