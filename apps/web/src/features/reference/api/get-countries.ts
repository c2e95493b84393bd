import { queryOptions, useQuery } from '@tanstack/react-query';
import { COUNTRIES_CACHE_MS, type Country } from '@si/contracts';
import { apiData } from '../../../lib/api-client';

export function getCountries(signal?: AbortSignal): Promise<Country[]> {
  return apiData<Country[]>('/countries', { signal });
}

/** Every ISO country; cached for an hour on the client (docs/product.md#limits-and-constants). */
export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'countries'],
    queryFn: ({ signal }) => getCountries(signal),
    staleTime: COUNTRIES_CACHE_MS,
    gcTime: COUNTRIES_CACHE_MS,
  });

export function useCountries() {
  return useQuery(countriesQueryOptions());
}
