import { hydrate } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { createAppRouter, createRoutes } from './router';
import type { ServerState } from './server-state';

/**
 * Prepares the browser's first render of a page the server rendered: the query cache holds what
 * the server fetched (nothing is fetched again) and the matched routes' lazy modules are loaded,
 * so the router starts initialised and renders exactly the server's HTML.
 */
export async function prepareHydration(state: ServerState) {
  const queryClient = createQueryClient();
  hydrate(queryClient, state.queries);
  const routes = createRoutes(queryClient);
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const routeModule = await route.lazy();
      Object.assign(route, { ...routeModule, lazy: undefined });
    }),
  );
  const router = createAppRouter(queryClient, { routes, hydrationData: state.router });
  return { queryClient, router };
}
