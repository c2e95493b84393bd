import { Writable } from 'node:stream';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import {
  dehydrate,
  hashKey,
  QueryClient,
  QueryClientProvider,
  type DehydratedState,
} from '@tanstack/react-query';
import {
  pages,
  sharedAnswerNames,
  type Country,
  type ServerRenderer,
  type SharedAnswerName,
} from '@si/contracts';
import { createRoutes } from './app/router';
import { serializeServerState } from './app/server-state';
import { ApiError, setApiTransport } from './lib/api-client';
import { organizationQueryOptions } from './lib/organization-queries';
import { activeCountriesQueryOptions } from './features/reference/api/get-active-countries';
import {
  directoryFormTarget,
  directoryPageHref,
  parseDirectoryCursor,
} from './features/directory/hooks/use-directory-filters';
import { rolesPageHref } from './features/role-list/role-filters';

/** The lazy module of each server-rendered route, named as in the build's manifest (preloads). */
const routeModules: Record<string, string> = Object.fromEntries(
  Object.entries(pages).flatMap(([id, { serverRendered, module }]) =>
    serverRendered && module ? [[id, `src/app/routes/${module}.tsx`]] : [],
  ),
);

let reportError: (error: unknown) => void = (error) => console.error(error);

export const configure: ServerRenderer['configure'] = ({ transport, onRenderError }) => {
  setApiTransport(transport);
  reportError = onRenderError;
};

/**
 * One request's cache: nothing is retried (the page renders its error state and the browser
 * retries), and nothing schedules garbage collection, so the cache goes with the request.
 */
function createRequestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, gcTime: Infinity, retry: false } },
  });
}

/**
 * The HTML of `element` once every Suspense boundary has resolved, through React's Node stream
 * renderer (its web-streams one costs more in Node). Every boundary goes inline, however large:
 * an outlined one needs an inline script to reveal it.
 */
function streamToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: reportError,
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    });
  });
}

/** A boundary React left for the browser to render: something suspended, or failed. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * The page's HTML. The loaders have put every answer in the query cache, so React's string
 * renderer, which encodes no bytes (the stream renderers encode every chunk, and the page was
 * decoded again: a sixth of a render), renders it whole, unless a lazy component is met before
 * its module has loaded (the first render of a process) or a part fails: then the stream
 * renderer waits for it, or reports the failure.
 */
function renderToHtml(element: ReactNode): string | Promise<string> {
  const html = renderToString(element);
  return html.includes(CLIENT_RENDERED_BOUNDARY) ? streamToHtml(element) : html;
}

const isSharedAnswer = (key: readonly unknown[]): key is ['reference', SharedAnswerName] =>
  key.length === 2 &&
  key[0] === 'reference' &&
  (sharedAnswerNames as readonly unknown[]).includes(key[1]);

/**
 * What the browser hydrates from, without what it can fetch once for every page: the reference
 * answers the page read are named (the browser fetches them, shared-answers.ts) and home's
 * country choices go as codes. They were half of a profile's page.
 */
function pageState(queryClient: QueryClient) {
  const activeKey = activeCountriesQueryOptions().queryKey;
  const activeCountries = queryClient.getQueryState(activeKey)?.status === 'success';
  const shared = new Set<SharedAnswerName>(activeCountries ? ['countries'] : []);
  const queries: DehydratedState = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => {
      if (query.state.status === 'success') {
        if (isSharedAnswer(query.queryKey)) {
          shared.add(query.queryKey[1]);
          return false;
        }
        return !(activeCountries && query.queryHash === hashKey(activeKey));
      }
      return query.state.status === 'error';
    },
  });
  const activeCountryCodes = activeCountries
    ? queryClient.getQueryData<Country[]>(activeKey)!.map(({ code }) => code)
    : undefined;
  return { queries, activeCountryCodes, sharedAnswers: [...shared] };
}

/**
 * The URL a page is rendered from and kept under: what the page reads of the URL and nothing
 * else (home and /roles read their filter and cursor; the other pages their path). Null for a
 * URL that redirects (the filter form submitted without JavaScript).
 */
export const pageKey: ServerRenderer['pageKey'] = (url) => {
  const { pathname, searchParams } = new URL(url);
  if (pathname === '/roles') return rolesPageHref(searchParams);
  if (pathname !== '/') return pathname;
  if (directoryFormTarget(searchParams)) return null;
  return directoryPageHref(searchParams, parseDirectoryCursor(searchParams));
};

/**
 * Renders a public page through the same route table and loaders as the browser: the static
 * handler runs the loaders (which fill the query cache through the API), React renders the page,
 * and the cache goes to the browser as JSON to hydrate from without fetching again.
 */
/** What each render gives its loaders: its own query cache. */
interface RenderContext {
  queryClient: QueryClient;
}

/** One route table for every render (its lazy route modules resolved once, its routes ranked once). */
const handler = createStaticHandler(
  createRoutes((context) => (context as RenderContext).queryClient),
);

export const render: ServerRenderer['render'] = async (request) => {
  const queryClient = createRequestQueryClient();
  const requestContext: RenderContext = { queryClient };
  const context = await handler.query(request, { requestContext });
  if (context instanceof Response) {
    return {
      kind: 'redirect',
      status: context.status,
      location: context.headers.get('location') ?? '/',
    };
  }
  // The loaders wait at most LOADER_MAX_WAIT_MS: what is still on its way is dropped, so the page
  // and the state it carries are one snapshot (the browser fetches the rest).
  const cache = queryClient.getQueryCache();
  const unfinished = cache.findAll({ predicate: (query) => query.state.status === 'pending' });
  for (const query of unfinished) {
    void query.cancel();
    cache.remove(query);
  }
  // A page missing data, or showing a failure other than 'not found' or 'gone', must not be kept
  // by caches.
  const complete =
    unfinished.length === 0 &&
    cache
      .getAll()
      .every(
        ({ state: { error } }) =>
          !error || (error instanceof ApiError && (error.isNotFound || error.isGone)),
      );
  const router = createStaticRouter(handler.dataRoutes, context);
  const body = await renderToHtml(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>,
  );
  const { queries, activeCountryCodes, sharedAnswers } = pageState(queryClient);
  const state = serializeServerState({
    queries,
    ...(activeCountryCodes && { activeCountryCodes }),
    router: {
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: context.errors,
    },
  });
  const orgId = context.matches.find(({ params }) => params.orgId)?.params.orgId;
  const organization = orgId
    ? (queryClient.getQueryData(organizationQueryOptions(orgId).queryKey) ?? null)
    : null;
  queryClient.clear();
  return {
    kind: 'page',
    body,
    complete,
    state,
    organization,
    sharedAnswers,
    routeModules: context.matches.flatMap(({ route }) =>
      route.id && routeModules[route.id] ? [routeModules[route.id]!] : [],
    ),
  };
};
