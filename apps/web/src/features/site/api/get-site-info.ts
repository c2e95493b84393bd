import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '@si/contracts';
import { apiData } from '../../../lib/api-client';

/** Contact details, the data-deletion subject line and the parent brands (GET /api/site). */
export type { SiteInfo };

export function getSiteInfo(signal?: AbortSignal): Promise<SiteInfo> {
  return apiData<SiteInfo>('/site', { signal });
}

export const siteInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['site'],
    queryFn: ({ signal }) => getSiteInfo(signal),
    staleTime: 60 * 60 * 1000,
  });

export function useSiteInfo() {
  return useQuery(siteInfoQueryOptions());
}
