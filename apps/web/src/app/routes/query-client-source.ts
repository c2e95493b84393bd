import type { QueryClient } from '@tanstack/react-query';

/**
 * Where a route's loader finds its query cache: the browser's one client, or, on the server,
 * a function of the request's context. The server builds its route table once per process and
 * gives each render its own client in the context (a table per render cost a route ranking each
 * time).
 */
export type QueryClientSource = QueryClient | ((context: unknown) => QueryClient);

export function queryClientOf(source: QueryClientSource, context: unknown): QueryClient {
  return typeof source === 'function' ? source(context) : source;
}
