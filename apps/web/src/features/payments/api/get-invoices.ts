import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice } from '@si/contracts';
import { apiData } from '../../../lib/api-client';
import { invoiceListKey } from './payment-queries';

/** GET /api/payments/invoices: the user's past invoices, newest first. */
export function getInvoices(signal?: AbortSignal): Promise<Invoice[]> {
  return apiData<Invoice[]>('/payments/invoices', { signal });
}

export const invoicesQueryOptions = () =>
  queryOptions({
    queryKey: invoiceListKey,
    queryFn: ({ signal }) => getInvoices(signal),
  });

export function useMyInvoices() {
  return useQuery(invoicesQueryOptions());
}
