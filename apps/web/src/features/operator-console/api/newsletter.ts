import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AdminDigestPreview,
  AdminDigestSent,
  AdminNewsletter,
  AdminNewsletterSubscriber,
} from '@si/contracts';
import { consoleKeys, consoleRequest } from './console-request';
import type { ConsolePage } from './console-page';

/** GET /api/admin/newsletter: confirmed and pending counts, the digest's line, the last send. */
export function getNewsletter(signal?: AbortSignal): Promise<AdminNewsletter> {
  return consoleRequest<{ data: AdminNewsletter }>('/newsletter', { signal }).then(
    (body) => body.data,
  );
}

export function useNewsletter() {
  return useQuery(
    queryOptions({
      queryKey: consoleKeys.newsletter(),
      queryFn: ({ signal }) => getNewsletter(signal),
      staleTime: 0,
    }),
  );
}

/** GET /api/admin/newsletter/subscribers?q=&page=: the addresses, newest first. */
export function getSubscribers(
  query: { q: string; page: number },
  signal?: AbortSignal,
): Promise<ConsolePage<AdminNewsletterSubscriber>> {
  return consoleRequest('/newsletter/subscribers', {
    query: { q: query.q || undefined, page: query.page },
    signal,
  });
}

export function useSubscribers(query: { q: string; page: number }) {
  return useQuery(
    queryOptions({
      queryKey: [...consoleKeys.newsletter(), 'subscribers', query],
      queryFn: ({ signal }) => getSubscribers(query, signal),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}

/** PUT /api/admin/newsletter/line: the line at the top of the next digest. */
export function useSaveDigestLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (line: string) =>
      consoleRequest('/newsletter/line', { method: 'PUT', body: { line } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: consoleKeys.all }),
  });
}

/** DELETE /api/admin/newsletter/subscribers/:id (204). */
export function useRemoveSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      consoleRequest(`/newsletter/subscribers/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: consoleKeys.all }),
  });
}

/** GET /api/admin/newsletter/digest-preview: what the next digest holds, and if it can go now. */
export function getDigestPreview(signal?: AbortSignal): Promise<AdminDigestPreview> {
  return consoleRequest<{ data: AdminDigestPreview }>('/newsletter/digest-preview', {
    signal,
  }).then((body) => body.data);
}

export function useDigestPreview() {
  return useQuery(
    queryOptions({
      queryKey: [...consoleKeys.newsletter(), 'digest-preview'],
      queryFn: ({ signal }) => getDigestPreview(signal),
      staleTime: 0,
    }),
  );
}

/** POST /api/admin/newsletter/digest-send: the next digest, now (409 when it went out). */
export function useSendDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      consoleRequest<{ data: AdminDigestSent }>('/newsletter/digest-send', {
        method: 'POST',
      }).then((body) => body.data),
    // A refusal too: the preview then says why.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: consoleKeys.newsletter() }),
  });
}

/** The CSV export: a plain link, so the browser downloads it with the session's cookie. */
export const newsletterCsvUrl = '/api/admin/newsletter/subscribers.csv';
