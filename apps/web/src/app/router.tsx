import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  Navigate,
  type HydrationState,
  type LoaderFunctionArgs,
  useLocation,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
  type ShouldRevalidateFunction,
} from 'react-router';
import { RootLayout } from './layout/root-layout';
import { homeLoader, layoutLoader, organizationLoader } from './routes/loaders';
import { PageFallback } from './routes/page-fallback';
import type { QueryClientSource } from './routes/query-client-source';
import { RouteErrorBoundary } from './routes/route-error-boundary';

/** /organizations without an id goes to the directory, carrying any message with it. */
function OrganizationsRedirect() {
  const location = useLocation();
  return <Navigate to="/" replace state={location.state} />;
}

/** The home page fetches its own filtered lists: a query-string change must not re-run the loader. */
const revalidateOnPathChange: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (currentUrl.pathname !== nextUrl.pathname ? defaultShouldRevalidate : false);

/** The route whose children are the pages; the account routes are added under it when needed. */
const PAGES_ROUTE_ID = 'pages';

/** The public routes with parameters (a profile, a role): React Router asks for more routes on them too. */
const publicPathWithParameters = /^\/organizations\/[^/]+(\/roles\/[^/]+)?\/?$/;

/**
 * Lazy route discovery: React Router asks for more routes when a path matches only the
 * not-found splat or a route with parameters. The account routes are added then, once their
 * small table has loaded, so the public pages' first load does not carry them; a profile link
 * (the most shared page) never waits for that table.
 */
export const discoverAccountRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (publicPathWithParameters.test(path)) return;
  const { accountRoutes } = await import('./account-routes');
  patch(PAGES_ROUTE_ID, accountRoutes());
};

type PageLoaderName = 'faqLoader' | 'sitePageLoader' | 'siteInfoLoader' | 'rolesLoader';

/** The profile's route module: its `lazy`, and its loader's too. */
const profileModule = () => import('./routes/organization-detail');

/**
 * The public pages' routes. Their paths are written out rather than read from the contracts'
 * page list, which would bring the whole list (titles, descriptions, modules) into every first
 * load; the page-list test holds them to that list.
 */
export function createRoutes(queryClient: QueryClientSource): RouteObject[] {
  const pageLoader = (name: PageLoaderName) => (args: LoaderFunctionArgs) =>
    import('./routes/page-loaders').then((loaders) => loaders[name](queryClient)(args));
  return [
    {
      id: 'root',
      Component: RootLayout,
      children: [
        {
          id: PAGES_ROUTE_ID,
          loader: layoutLoader(queryClient),
          shouldRevalidate: () => false,
          HydrateFallback: PageFallback,
          errorElement: <RouteErrorBoundary />,
          children: [
            {
              id: 'home',
              index: true,
              loader: homeLoader(queryClient),
              shouldRevalidate: revalidateOnPathChange,
              HydrateFallback: PageFallback,
              lazy: () => import('./routes/home'),
            },
            { path: 'organizations', Component: OrganizationsRedirect },
            {
              id: 'organization',
              path: 'organizations/:orgId',
              loader: organizationLoader(queryClient, profileModule),
              HydrateFallback: PageFallback,
              lazy: profileModule,
            },
            {
              id: 'role',
              path: 'organizations/:orgId/roles/:roleId',
              loader: (args: LoaderFunctionArgs) =>
                import('./routes/role-loader').then((module) =>
                  module.roleLoader(queryClient)(args),
                ),
              HydrateFallback: PageFallback,
              lazy: () => import('./routes/role-detail'),
            },
            {
              id: 'roles',
              path: 'roles',
              loader: pageLoader('rolesLoader'),
              // The page fetches its own filtered lists, as home does.
              shouldRevalidate: revalidateOnPathChange,
              HydrateFallback: PageFallback,
              lazy: () => import('./routes/roles'),
            },
            {
              id: 'about',
              path: 'about',
              loader: pageLoader('sitePageLoader'),
              HydrateFallback: PageFallback,
              lazy: () => import('./routes/about'),
            },
            {
              id: 'contact',
              path: 'contact',
              loader: pageLoader('sitePageLoader'),
              HydrateFallback: PageFallback,
              lazy: () => import('./routes/contact'),
            },
            {
              id: 'faq',
              path: 'faq',
              loader: pageLoader('faqLoader'),
              HydrateFallback: PageFallback,
              lazy: () => import('./routes/faq'),
            },
            {
              id: 'privacy',
              path: 'privacy',
              loader: pageLoader('siteInfoLoader'),
              HydrateFallback: PageFallback,
              lazy: () => import('./routes/privacy'),
            },
            {
              id: 'not-found',
              path: '*',
              HydrateFallback: PageFallback,
              lazy: () => import('./routes/not-found'),
            },
          ],
        },
      ],
    },
  ];
}

/**
 * The browser's router. A page the server rendered passes its hydration data and the routes,
 * whose matched lazy modules are already loaded (hydrate-app.ts), so the first render is the
 * server's HTML and no loader runs again.
 */
export function createAppRouter(
  queryClient: QueryClient,
  server?: { routes: RouteObject[]; hydrationData: HydrationState },
) {
  return createBrowserRouter(server?.routes ?? createRoutes(queryClient), {
    patchRoutesOnNavigation: discoverAccountRoutes,
    ...(server ? { hydrationData: server.hydrationData } : {}),
  });
}
