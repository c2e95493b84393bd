import { hydrate, type QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import type { Country } from '@si/contracts';
import { activeCountriesQueryOptions } from '../features/reference/api/get-active-countries';
import { ApiError } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { createAppRouter, createRoutes } from './router';
import type { ServerState } from './server-state';
import { SERVER_STATE_ELEMENT_ID } from './server-state-element';
import { sharedAnswers } from './shared-answers';

/**
 * Puts the reference answers the page named but did not carry into the cache, as if the server
 * had sent them, and home's country choices made whole again from their codes.
 */
async function addSharedAnswers(queryClient: QueryClient, state: ServerState, at: number) {
  const element = document.getElementById(SERVER_STATE_ELEMENT_ID);
  const answers = element ? sharedAnswers(element) : new Map<string, Promise<unknown>>();
  await Promise.all(
    [...answers].map(async ([name, answer]) => {
      queryClient.setQueryData(['reference', name], await answer, { updatedAt: at });
    }),
  );
  if (state.activeCountryCodes) {
    const countries = queryClient.getQueryData<Country[]>(['reference', 'countries']) ?? [];
    const byCode = new Map(countries.map((country) => [country.code, country]));
    const active = state.activeCountryCodes.flatMap((code) => byCode.get(code) ?? []);
    queryClient.setQueryData(activeCountriesQueryOptions().queryKey, active, { updatedAt: at });
  }
}

/**
 * Prepares the browser's first render of a page the server rendered: the query cache holds what
 * the server fetched (the page's data from its state, the reference answers it names from the
 * browser's cache or one request each) and the matched routes' lazy modules are loaded, so the
 * router starts initialised and renders exactly the server's HTML.
 */
export async function prepareHydration(state: ServerState) {
  // A success message handed over in history state (a reload keeps it) is not in the server's
  // HTML: it was shown already; the first render must match what the server sent.
  const historyState: unknown = window.history.state;
  if (historyState && typeof historyState === 'object' && 'usr' in historyState) {
    window.history.replaceState({ ...historyState, usr: null }, '');
  }
  // The app's modules were evaluated in this task: what follows starts in the next one, so that
  // no single task holds the main thread long enough to delay a tap (ADR 039).
  await new Promise((resolve) => setTimeout(resolve, 0));
  const queryClient = createQueryClient();
  // The server may send a page it rendered a while ago: it sends it only while what the page was
  // made from is unchanged (ADR 027), so its data is as fresh as the page. Counted from now, it
  // is not fetched again on the first render.
  const servedAt = Date.now();
  for (const query of state.queries.queries) {
    if (query.state.dataUpdatedAt) query.state.dataUpdatedAt = servedAt;
  }
  hydrate(queryClient, state.queries);
  const routes = createRoutes(queryClient);
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all([
    addSharedAnswers(queryClient, state, servedAt),
    ...matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const routeModule = await route.lazy();
      Object.assign(route, { ...routeModule, lazy: undefined });
    }),
  ]);
  const router = createAppRouter(queryClient, { routes, hydrationData: state.router });
  return { queryClient, router };
}

/**
 * After hydrating: what the server could not load (the API failed or was slow there) is asked
 * for again, as the browser would have on its own.
 */
export function retryFailedQueries(queryClient: QueryClient): void {
  void queryClient.refetchQueries({
    predicate: ({ state: { error } }) =>
      error instanceof ApiError && (error.isNetworkError || error.status >= 500),
  });
}
