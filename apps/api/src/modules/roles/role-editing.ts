import {
  MAX_OPEN_ROLES,
  MAX_ROLES_KEPT,
  RoleId,
  apiMessages,
  roleErrorCodes,
  roleMessages,
  type ReopenRoleRequest,
  type RoleInput,
} from '@si/contracts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { AuthSession } from '../../identity/session.ts';
import { actorOf } from '../activity/recording.ts';
import type { OrganizationService } from '../organizations/service.ts';
import type { ReferenceService } from '../reference/service.ts';
import { toRole, toRoleFields } from './mapper.ts';
import type { RoleChanges, RoleRepository, RoleWrites } from './repository.ts';
import { countsAsOpen, dayOf, defaultClosesOn, requireClosingDate } from './role-calendar.ts';

const roleNotFound = () => notFound(roleMessages.roleNotFound);
const conflict = (code: string, message: string) => new AppError(409, code, message);

/** Country codes the reference data knows; a remote role's list takes no `ALL` either. */
async function requireKnownCountries(
  reference: Pick<ReferenceService, 'snapshot'>,
  input: RoleInput,
) {
  const { countryByCode } = await reference.snapshot();
  if (input.country !== null && !countryByCode.has(input.country)) {
    const message = apiMessages.unknownCountry(input.country);
    throw badRequest(message, { country: message });
  }
  const unknown = input.remoteCountries.find((code) => !countryByCode.has(code));
  if (unknown !== undefined) {
    const message = apiMessages.unknownCountry(unknown);
    throw badRequest(message, { remoteCountries: message });
  }
}

/** Refuses one more open role when the organization's others already reach the limit. */
async function requireRoomToOpen(writes: RoleWrites, today: string, roleId?: string) {
  const { open } = await writes.counts(today, roleId);
  if (open >= MAX_OPEN_ROLES) {
    throw conflict(roleErrorCodes.tooManyOpenRoles, roleMessages.tooManyOpenRoles);
  }
}

/** A role of the organization, read in the write's transaction; else not found. */
async function existing(writes: RoleWrites, roleId: string) {
  const row = RoleId.safeParse(roleId).success ? await writes.find(roleId) : null;
  if (!row) throw roleNotFound();
  return row;
}

/** Saves `changes` to a role found in the same transaction, under the organization's lock. */
async function save(writes: RoleWrites, roleId: string, changes: RoleChanges) {
  const row = await writes.update(roleId, changes);
  if (!row) throw roleNotFound();
  return row;
}

/**
 * Roles written by their organization's owner (ADR 042), under the refusals of editing the
 * profile: posting, saving and reopening need a live subscription, as saving the profile does;
 * closing and deleting do not, as deleting the organization does not. Every write and its
 * limits run under the organization's row lock (repository.ts `write`).
 */
export function createRoleEditing({
  repository,
  organizations,
  reference,
  now,
}: {
  repository: Pick<RoleRepository, 'write'>;
  organizations: Pick<
    OrganizationService,
    'requireMemberOrganization' | 'requirePaidOrganization' | 'ownerNotFound'
  >;
  reference: Pick<ReferenceService, 'snapshot'>;
  now: () => Date;
}) {
  /** `write` of the repository; an organization deleted meanwhile answers as not found. */
  async function write<T>(organizationId: string, work: (writes: RoleWrites) => Promise<T>) {
    const result = await repository.write(organizationId, work);
    if (result === null) throw organizations.ownerNotFound(organizationId);
    return result;
  }

  return {
    async create(session: AuthSession | null, organizationId: string, input: RoleInput) {
      const organization = await organizations.requirePaidOrganization(
        session,
        organizationId,
        'edit',
      );
      await requireKnownCountries(reference, input);
      const at = now();
      const today = dayOf(at);
      const closesOn = input.closesOn ?? defaultClosesOn(today);
      requireClosingDate(closesOn, today, today);
      const row = await write(organization.id, async (writes) => {
        const { kept } = await writes.counts(today);
        if (kept >= MAX_ROLES_KEPT) {
          throw conflict(roleErrorCodes.tooManyRoles, roleMessages.tooManyRoles);
        }
        await requireRoomToOpen(writes, today);
        const created = await writes.insert({
          ...toRoleFields(input),
          closesOn,
          postedAt: at,
          updatedAt: at,
        });
        await writes.record(actorOf(session!), 'role-posted', created.title);
        return created;
      });
      return toRole(row, today, true);
    },

    /** PUT: the whole role again; a closing date left out (or sent unchanged) is kept. */
    async update(
      session: AuthSession | null,
      organizationId: string,
      roleId: string,
      input: RoleInput,
    ) {
      const organization = await organizations.requirePaidOrganization(
        session,
        organizationId,
        'edit',
      );
      await requireKnownCountries(reference, input);
      const at = now();
      const today = dayOf(at);
      const row = await write(organization.id, async (writes) => {
        const current = await existing(writes, roleId);
        const closesOn = input.closesOn ?? current.closesOn;
        if (closesOn !== current.closesOn) {
          requireClosingDate(closesOn, dayOf(current.postedAt), today);
          // A later date can bring an expired role back: it must fit under the limit.
          const opens = countsAsOpen({ ...current, closesOn }, today);
          if (opens && !countsAsOpen(current, today)) {
            await requireRoomToOpen(writes, today, roleId);
          }
        }
        const saved = await save(writes, roleId, {
          ...toRoleFields(input),
          closesOn,
          updatedAt: at,
        });
        await writes.record(actorOf(session!), 'role-changed', saved.title);
        return saved;
      });
      return toRole(row, today, true);
    },

    /** The owner closes the role: it leaves every public list and its page answers 410. */
    async close(session: AuthSession | null, organizationId: string, roleId: string) {
      const organization = await organizations.requireMemberOrganization(
        session,
        organizationId,
        'edit',
      );
      const at = now();
      const row = await write(organization.id, async (writes) => {
        const current = await existing(writes, roleId);
        // Closing twice keeps the first time it was closed, and records the first only.
        if (!current.closedAt) await writes.record(actorOf(session!), 'role-closed', current.title);
        return save(writes, roleId, { closedAt: current.closedAt ?? at, updatedAt: at });
      });
      return toRole(row, dayOf(at), true);
    },

    /** Opens a closed or expired role again until `closesOn` (default: 60 days on). */
    async reopen(
      session: AuthSession | null,
      organizationId: string,
      roleId: string,
      input: ReopenRoleRequest,
    ) {
      const organization = await organizations.requirePaidOrganization(
        session,
        organizationId,
        'edit',
      );
      const at = now();
      const today = dayOf(at);
      const closesOn = input.closesOn ?? defaultClosesOn(today);
      const row = await write(organization.id, async (writes) => {
        const current = await existing(writes, roleId);
        requireClosingDate(closesOn, dayOf(current.postedAt), today);
        await requireRoomToOpen(writes, today, roleId);
        await writes.record(actorOf(session!), 'role-reopened', current.title);
        return save(writes, roleId, { closedAt: null, closesOn, updatedAt: at });
      });
      return toRole(row, today, true);
    },

    async remove(session: AuthSession | null, organizationId: string, roleId: string) {
      const organization = await organizations.requireMemberOrganization(
        session,
        organizationId,
        'edit',
      );
      await write(organization.id, async (writes) => {
        const title = RoleId.safeParse(roleId).success ? await writes.remove(roleId) : null;
        if (title === null) throw roleNotFound();
        await writes.record(actorOf(session!), 'role-removed', title);
        return true;
      });
    },
  };
}
