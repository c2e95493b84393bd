import { pageDescriptions, pages } from '@si/contracts';

/**
 * The paths the web app answers, from the contracts' one list of pages, with the title the
 * server puts in the HTML before the app sets its own, and the page's own meta description.
 * Home, the profiles and the 404 page have heads written from their data (page-heads.ts);
 * anything else is a 404 page.
 */
const spaRoutes = Object.values(pages).flatMap((page) =>
  page.title === null
    ? []
    : [
        {
          pattern: new RegExp(`^${page.path.replace(/:[^/]+/g, '[^/]+')}$`),
          title: page.title,
          description: pageDescriptions[page.description],
          serverRendered: page.serverRendered,
        },
      ],
);

export interface SpaRoute {
  title: string;
  description: string;
  serverRendered: boolean;
}

export function spaRoute(path: string): SpaRoute | null {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const route = spaRoutes.find(({ pattern }) => pattern.test(normalized));
  return route
    ? {
        title: route.title,
        description: route.description,
        serverRendered: route.serverRendered,
      }
    : null;
}

export const organizationPath = /^\/organizations\/([^/]+)\/?$/;

/** A profile page's path, the key it is kept under. */
export const organizationUrl = (id: string) => `/organizations/${encodeURIComponent(id)}`;

/** A role's page (ADR 043): its organization's id and its own. */
export const rolePath = /^\/organizations\/([^/]+)\/roles\/([^/]+)\/?$/;

/** A role page's path, the key it is kept under. */
export const roleUrl = (organizationId: string, roleId: string) =>
  `${organizationUrl(organizationId)}/roles/${encodeURIComponent(roleId)}`;
