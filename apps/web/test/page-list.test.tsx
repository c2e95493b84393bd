import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { pages, type PageEntry } from '@si/contracts';
import { accountRoutes } from '../src/app/account-routes';
import { createRoutes } from '../src/app/router';
import { createQueryClient } from '../src/lib/query-client';

/** The route modules of src/app/routes/, by file name. */
const routeModules = import.meta.glob<Record<string, unknown>>('../src/app/routes/*.tsx');

/** Every page route of the table (the leaves), with its full path. */
function leaves(routes: RouteObject[], parent = ''): { path: string; route: RouteObject }[] {
  return routes.flatMap((route) => {
    const path = route.index
      ? parent || '/'
      : route.path === '*'
        ? '*'
        : route.path
          ? `${parent}/${route.path}`
          : parent;
    return route.children ? leaves(route.children, path) : [{ path, route }];
  });
}

/** The public table with the account routes where the router patches them in. */
function routeTable(): RouteObject[] {
  const addAccountRoutes = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) => {
      if (route.index || !route.children) return route;
      const children =
        route.id === 'pages'
          ? [...route.children, ...accountRoutes()]
          : addAccountRoutes(route.children);
      return { ...route, children };
    });
  return addAccountRoutes(createRoutes(createQueryClient()));
}

describe('the page list (packages/contracts pages.ts)', () => {
  const table = leaves(routeTable());
  const list = Object.entries(pages) as [string, PageEntry][];

  it('has one route per page, and no route that is not a page', () => {
    expect(table.map(({ path }) => path).sort()).toEqual(list.map(([, { path }]) => path).sort());
  });

  it("loads each page from the module the list names; a server-rendered page's route has its id", async () => {
    for (const [id, page] of list) {
      const { route } = table.find(({ path }) => path === page.path)!;
      if (page.serverRendered) expect(route.id, page.path).toBe(id);
      if (page.module === null) {
        expect(route.lazy, page.path).toBeUndefined();
        continue;
      }
      const load = routeModules[`../src/app/routes/${page.module}.tsx`];
      expect(load, `${page.path}: no module ${page.module}`).toBeDefined();
      const module = await load!();
      const loaded = (await (route.lazy as () => Promise<RouteObject>)()).Component;
      expect(loaded, page.path).toBeDefined();
      expect(Object.values(module), `${page.path} loads from ${page.module}`).toContain(loaded);
    }
  });
});
