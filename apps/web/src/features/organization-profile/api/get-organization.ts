import { useQuery } from '@tanstack/react-query';
import { organizationQueryOptions } from '../../../lib/organization-queries';

export function useOrganization(id: string) {
  return useQuery(organizationQueryOptions(id));
}
