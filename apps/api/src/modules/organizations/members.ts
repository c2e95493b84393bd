import {
  OrganizationId,
  errorCodes,
  memberErrorCodes,
  memberTexts,
  type MemberRole,
  type OrganizationMembers,
  type TransferOwnershipRequest,
} from '@si/contracts';
import { AppError, badRequest } from '../../http/errors.ts';
import { requireCaller } from '../../identity/caller-checks.ts';
import type { AuthSession } from '../../identity/session.ts';
import { actorOf } from '../activity/recording.ts';
import type { MemberChange, MemberRow } from './member-queries.ts';
import type { OwnerChecks } from './owner-checks.ts';
import type { OrganizationRepository } from './repository.ts';

const lastOwner = (message: string) => new AppError(409, memberErrorCodes.lastOwner, message);

const notMember = () => new AppError(404, memberErrorCodes.notMember, memberTexts.notMember);

/** The member `userId` among `members`, or the refusal: no such member. */
function memberIn(members: MemberRow[], userId: string): MemberRow {
  const found = members.find((member) => member.userId === userId);
  if (!found) throw notMember();
  return found;
}

/** Refuses a caller who is no longer an owner (changed since their check, under the lock). */
function requireStillOwner(members: MemberRow[], callerId: string) {
  if (members.find((member) => member.userId === callerId)?.role !== 'owner') {
    throw new AppError(403, errorCodes.forbidden, memberTexts.ownersOnly);
  }
}

/** Whether `userId` is the organization's only owner. */
const onlyOwner = (members: MemberRow[], userId: string) =>
  members.every((member) => member.role !== 'owner' || member.userId === userId);

/**
 * An organization's members (ADR 047): the list, a role changed, a member removed or leaving,
 * ownership handed over. Nobody reaches an organization without an owner: each change is
 * decided on the members as they are, with the organization's row locked, and recorded in its
 * activity (ADR 048).
 */
export function createMembers(
  repository: OrganizationRepository,
  { requireMember, notFoundFor }: OwnerChecks,
) {
  /** Applies the change, or answers not found when the organization went meanwhile. */
  async function change(
    id: string,
    session: AuthSession,
    decide: (members: MemberRow[]) => MemberChange,
  ) {
    if (!(await repository.changeMembers(id, actorOf(session), decide))) throw notFoundFor(id);
  }

  return {
    /** Its members, for its members; anyone else is told there is no such organization. */
    async list(session: AuthSession | null, id: string): Promise<OrganizationMembers> {
      const { user } = requireCaller(session);
      const role = OrganizationId.safeParse(id).success
        ? await repository.roleOf(id, user.id)
        : null;
      if (!role) throw notFoundFor(id);
      const members = await repository.listMembers(id);
      return {
        myRole: role,
        members: members.map((member) => ({ ...member, addedAt: member.addedAt.toISOString() })),
      };
    },

    /** An owner sets a member's role; the only owner cannot become an editor. */
    async setRole(session: AuthSession | null, id: string, userId: string, role: MemberRole) {
      const { user } = await requireMember(session, id, 'members');
      await change(id, session!, (members) => {
        requireStillOwner(members, user.id);
        const member = memberIn(members, userId);
        if (member.role === 'owner' && role === 'editor' && onlyOwner(members, userId)) {
          throw lastOwner(memberTexts.lastOwnerDemote);
        }
        return { kind: 'set-role', userId, role };
      });
    },

    /**
     * An owner removes a member, or a member removes themselves (leaves); the only owner can
     * do neither.
     */
    async remove(session: AuthSession | null, id: string, userId: string) {
      const leaving = session?.user.id === userId;
      if (leaving) {
        const role = OrganizationId.safeParse(id).success
          ? await repository.roleOf(id, userId)
          : null;
        if (!role) throw notFoundFor(id);
      } else {
        await requireMember(session, id, 'members');
      }
      await change(id, session!, (members) => {
        if (!leaving) requireStillOwner(members, session!.user.id);
        const member = memberIn(members, userId);
        if (member.role === 'owner' && onlyOwner(members, userId)) {
          throw lastOwner(leaving ? memberTexts.lastOwnerLeave : memberTexts.lastOwnerRemove);
        }
        return { kind: 'remove', userId };
      });
    },

    /**
     * An owner hands ownership to another member, and becomes an editor or leaves: the
     * organization has an owner before and after.
     */
    async transfer(session: AuthSession | null, id: string, request: TransferOwnershipRequest) {
      const { user } = await requireMember(session, id, 'members');
      if (request.userId === user.id) throw badRequest(memberTexts.transferToSelf);
      await change(id, session!, (members) => {
        requireStillOwner(members, user.id);
        memberIn(members, request.userId);
        return { kind: 'transfer', from: user.id, to: request.userId, then: request.then };
      });
    },
  };
}
export type Members = ReturnType<typeof createMembers>;
