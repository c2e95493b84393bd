import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client';

/** Contact details and the data-deletion subject line (GET /api/site). */
export interface SiteInfo {
  supportEmail: string;
  supportPhone: string;
  supportAddress: string;
  dataDeletionSubject: string;
}

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
