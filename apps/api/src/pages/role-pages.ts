import { OrganizationId, RoleId, type Organization } from '@si/contracts';
import { decodedSegment } from '../modules/organizations/public-reads.ts';
import type { ReferenceService } from '../modules/reference/service.ts';
import { toRole } from '../modules/roles/mapper.ts';
import { dayOf } from '../modules/roles/role-calendar.ts';
import type { RolePageQueries } from '../modules/roles/role-page-queries.ts';
import type { PageHead } from './head-tags.ts';
import type { HeadOfProfile } from './page-rendering.ts';
import { roleGoneHead, roleHead } from './role-head.ts';
import { rolePath, roleUrl } from './spa-routes.ts';

/** What a role's page is now (ADR 043): open (200), no longer open (410), or unknown (404). */
export type RolePage =
  | {
      kind: 'open';
      key: string;
      organizationId: string;
      roleId: string;
      /** The organization row's version and today's date: a role expires at midnight UTC. */
      dependsOn: string;
      head: HeadOfProfile;
    }
  | { kind: 'gone'; key: string; head: PageHead }
  | { kind: 'missing' };

export interface RolePagesOptions {
  publicUrl: string;
  roles: Pick<RolePageQueries, 'find'>;
  reference: Pick<ReferenceService, 'snapshot'>;
  /** The clock roles expire by (the roles service's: a closing date is a UTC date). */
  now?: () => Date;
}

/** Reads what the page of the role at a path is, on every request, before anything is kept. */
export function createRolePages({
  publicUrl,
  roles,
  reference,
  now = () => new Date(),
}: RolePagesOptions) {
  /** The role page at `pathname`, or null when the path is not a role's. */
  async function rolePage(pathname: string): Promise<RolePage | null> {
    const match = rolePath.exec(pathname);
    if (!match) return null;
    const organizationId = decodedSegment(match[1]!);
    const roleId = decodedSegment(match[2]!);
    if (!OrganizationId.safeParse(organizationId).success || !RoleId.safeParse(roleId).success) {
      return { kind: 'missing' };
    }
    const row = await roles.find(organizationId!, roleId!);
    if (!row) return { kind: 'missing' };
    const key = roleUrl(row.role.organizationId, row.role.id);
    const today = dayOf(now());
    const role = toRole(row.role, today, false);
    // Closed, expired or held, or its organization no longer published: gone, not unknown, so
    // a search engine drops the page.
    if (role.status !== 'open' || !row.published) {
      return { kind: 'gone', key, head: roleGoneHead(publicUrl, key) };
    }
    const head = async (organization: Organization | null) => {
      if (!organization) return null;
      const { countryByCode } = await reference.snapshot();
      return roleHead(
        publicUrl,
        organization,
        role,
        (code) => countryByCode.get(code)?.name ?? code,
      );
    };
    return {
      kind: 'open',
      key,
      organizationId: row.role.organizationId,
      roleId: row.role.id,
      dependsOn: `${row.organizationVersion} ${today}`,
      head,
    };
  }

  return { rolePage };
}

export type RolePages = ReturnType<typeof createRolePages>;
