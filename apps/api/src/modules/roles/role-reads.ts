import {
  RoleId,
  roleErrorCodes,
  roleMessages,
  type OrganizationRolesQuery,
  type Role,
} from '@si/contracts';
import type { z } from 'zod';
import { AppError, notFound } from '../../http/errors.ts';
import { toRole } from './mapper.ts';
import { dayOf } from './role-calendar.ts';
import type { OrganizationService } from '../organizations/service.ts';
import type { RoleRepository } from './repository.ts';

/** An answer, and whether it holds what only the owner may see (no shared cache keeps it). */
export interface RoleAnswer<T> {
  data: T;
  forOwner: boolean;
}

type Viewer = () => Promise<string | null>;

/**
 * Roles read (ADR 042): the open roles of a published organization by anyone, every role by its
 * owner. An organization is seen exactly as GET /api/organizations/:id shows it to the caller.
 */
export function createRoleReads({
  repository,
  organizations,
  now,
}: {
  repository: Pick<RoleRepository, 'list' | 'find'>;
  organizations: Pick<OrganizationService, 'getVisible' | 'ownerNotFound' | 'roleOf'>;
  now: () => Date;
}) {
  /** The organization as its profile is shown to the caller, and whether they are a member. */
  async function visibleTo(organizationId: string, viewerId: Viewer) {
    const organization = await organizations.getVisible(organizationId, viewerId);
    // An unpublished one is shown to its members only: getVisible has asked who that is.
    const isOwner = async () => {
      if (!organization.published) return true;
      const viewer = await viewerId();
      return viewer !== null && (await organizations.roleOf(organization.id, viewer)) !== null;
    };
    return { organization, isOwner };
  }

  return {
    /** GET: the open roles, newest first; `status=all` every role, for the owner only. */
    async list(
      organizationId: string,
      query: z.infer<typeof OrganizationRolesQuery>,
      viewerId: Viewer,
    ): Promise<RoleAnswer<Role[]>> {
      const { organization, isOwner } = await visibleTo(organizationId, viewerId);
      const today = dayOf(now());
      if (query.status === 'all') {
        // Anyone else is answered as if there were no such organization.
        if (!(await isOwner())) throw organizations.ownerNotFound(organizationId);
        const rows = await repository.list(organization.id, null);
        return { data: rows.map((row) => toRole(row, today, true)), forOwner: true };
      }
      const rows = await repository.list(organization.id, today);
      return {
        data: rows.map((row) => toRole(row, today, false)),
        forOwner: !organization.published,
      };
    },

    /** GET one: an open role for anyone; one no longer open is gone (410) but to its owner. */
    async get(organizationId: string, roleId: string, viewerId: Viewer): Promise<RoleAnswer<Role>> {
      const { organization, isOwner } = await visibleTo(organizationId, viewerId);
      const row = RoleId.safeParse(roleId).success
        ? await repository.find(organization.id, roleId)
        : null;
      if (!row) throw notFound(roleMessages.roleNotFound);
      const today = dayOf(now());
      const role = toRole(row, today, false);
      if (role.status === 'open') return { data: role, forOwner: !organization.published };
      if (!(await isOwner())) {
        throw new AppError(410, roleErrorCodes.roleClosed, roleMessages.roleClosed);
      }
      return { data: toRole(row, today, true), forOwner: true };
    },
  };
}
