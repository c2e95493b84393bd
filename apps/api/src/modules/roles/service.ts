import type { OrganizationService } from '../organizations/service.ts';
import type { ReferenceService } from '../reference/service.ts';
import type { RoleRepository } from './repository.ts';
import { createRoleEditing } from './role-editing.ts';
import { createRoleReads } from './role-reads.ts';

export type { RoleAnswer } from './role-reads.ts';

export interface RoleServiceOptions {
  repository: RoleRepository;
  organizations: Pick<
    OrganizationService,
    | 'getVisible'
    | 'requireMemberOrganization'
    | 'requirePaidOrganization'
    | 'ownerNotFound'
    | 'roleOf'
  >;
  reference: Pick<ReferenceService, 'snapshot'>;
  /** The clock roles open and expire by: the closing date is a UTC date (tests move it). */
  now?: () => Date;
}

/**
 * An organization's open roles (ADR 042), by use case (the files imported above). Whether a
 * role is open is worked out from the clock on every read, never stored by a job.
 */
export function createRoleService({ now = () => new Date(), ...options }: RoleServiceOptions) {
  return {
    ...createRoleReads({ ...options, now }),
    ...createRoleEditing({ ...options, now }),
  };
}
export type RoleService = ReturnType<typeof createRoleService>;
