import { titleSuffix, type Organization } from '@si/contracts';
import { AppError } from '../http/errors.ts';
import type { OrganizationService } from '../modules/organizations/service.ts';
import type { ReferenceService } from '../modules/reference/service.ts';
import type { PageHead } from './head-tags.ts';
import {
  genericHead,
  homeHead,
  notFoundHead,
  organizationHead,
  organizationNotFoundHead,
} from './page-heads.ts';
import { decodedSegment } from '../modules/organizations/public-reads.ts';
import type { RolePages } from './role-pages.ts';
import { organizationPath, spaRoute, type SpaRoute } from './spa-routes.ts';

export interface HeadLookupOptions {
  publicUrl: string;
  organizations: Pick<OrganizationService, 'getPublished'>;
  reference: Pick<ReferenceService, 'snapshot'>;
  roles: Pick<RolePages, 'rolePage'>;
}

/** Each page's head, by its path: from the profile it shows, or from the contracts' page list. */
export function createHeadLookup({
  publicUrl,
  organizations,
  reference,
  roles,
}: HeadLookupOptions) {
  /** The head of a page with a fixed title and description (About, FAQ, the account pages). */
  function routeHead(pathname: string, route: SpaRoute) {
    return genericHead(publicUrl, pathname, `${route.title}${titleSuffix}`, route.description);
  }

  async function headOfProfile(organization: Organization | null): Promise<PageHead | null> {
    if (!organization) return null;
    const country = (await reference.snapshot()).countryByCode.get(organization.country);
    return organizationHead(publicUrl, organization, country?.name);
  }

  /** A published organization, or null when nobody may see it. */
  async function published(id: string): Promise<Organization | null> {
    try {
      return await organizations.getPublished(id);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return null;
      throw error;
    }
  }

  /** A published profile's head, or null when nobody may see it. */
  const profileHead = async (id: string) => headOfProfile(await published(id));

  /** The head of the page at `pathname` when the browser renders it, with its status. */
  async function headFor(
    pathname: string,
  ): Promise<{ head: PageHead; status: number; serverRendered: boolean }> {
    if (pathname === '/') return { head: homeHead(publicUrl), status: 200, serverRendered: true };
    const role = await roles.rolePage(pathname);
    if (role?.kind === 'gone') return { head: role.head, status: 410, serverRendered: true };
    if (role?.kind === 'open') {
      const head = await role.head(await published(role.organizationId));
      if (head) return { head, status: 200, serverRendered: true };
    }
    if (role) return { head: notFoundHead(publicUrl, pathname), status: 404, serverRendered: true };
    const organizationMatch = organizationPath.exec(pathname);
    const id = organizationMatch ? decodedSegment(organizationMatch[1]!) : null;
    if (id !== null) {
      const head = await profileHead(id);
      return head
        ? { head, status: 200, serverRendered: true }
        : { head: organizationNotFoundHead(publicUrl, id), status: 404, serverRendered: true };
    }
    const route = spaRoute(pathname);
    if (route && !organizationMatch) {
      return {
        head: routeHead(pathname, route),
        status: 200,
        serverRendered: route.serverRendered,
      };
    }
    return { head: notFoundHead(publicUrl, pathname), status: 404, serverRendered: true };
  }

  return { headFor, routeHead, headOfProfile };
}

export type HeadLookup = ReturnType<typeof createHeadLookup>;
