import { and, asc, eq, sql } from 'drizzle-orm';
import {
  MAX_ORGANIZATION_MEMBERS,
  type ActivityDetails,
  type ActivityKind,
  type MemberRole,
} from '@si/contracts';
import type { Database } from '../../db/client.ts';
import { organizationMembers, users } from '../../db/schema.ts';
import { recordActivity, type ActivityActor } from '../activity/recording.ts';
import { lockOrganization } from './organization-lock.ts';

export interface MemberRow {
  userId: string;
  role: MemberRole;
  addedAt: Date;
  /** As the account is named now ('' once it is deleted), for the activity's entries. */
  name: string;
  email: string;
}

/** What a members' change does, decided from the members as they are (locked). */
export type MemberChange =
  | { kind: 'set-role'; userId: string; role: MemberRole }
  | { kind: 'remove'; userId: string }
  | { kind: 'transfer'; from: string; to: string; then: 'editor' | 'leave' };

/** What adding a member did; `promoted`: an editor became an owner (when asked to). */
export type AddedMember = 'added' | 'promoted' | 'already' | 'full' | 'gone';

const oneMember = (organizationId: string, userId: string) =>
  and(
    eq(organizationMembers.organizationId, organizationId),
    eq(organizationMembers.userId, userId),
  );

/** The members with their names and addresses (left joined: a deleted account keeps its row). */
const membersWithNames = (executor: Database, organizationId: string) =>
  executor
    .select({
      userId: organizationMembers.userId,
      role: organizationMembers.role,
      addedAt: organizationMembers.addedAt,
      name: sql<string>`coalesce(${users.name}, '')`,
      email: sql<string>`coalesce(${users.email}, '')`,
    })
    .from(organizationMembers)
    .leftJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, organizationId));

const person = (member: MemberRow) => ({
  userId: member.userId,
  name: member.name,
  email: member.email,
});

/** Writes the change and its activity entry, in the transaction that decided it. */
async function applyChange(
  tx: Database,
  organizationId: string,
  actor: ActivityActor,
  members: MemberRow[],
  change: MemberChange,
) {
  const record = (kind: ActivityKind, details: ActivityDetails) =>
    recordActivity(tx, organizationId, actor, kind, details);
  const memberOf = (userId: string) => members.find((member) => member.userId === userId)!;
  if (change.kind === 'set-role') {
    const member = memberOf(change.userId);
    if (member.role === change.role) return;
    await tx
      .update(organizationMembers)
      .set({ role: change.role })
      .where(oneMember(organizationId, change.userId));
    await record('member-role-changed', {
      member: person(member),
      role: change.role,
      previousRole: member.role,
    });
  } else if (change.kind === 'remove') {
    const member = memberOf(change.userId);
    await tx.delete(organizationMembers).where(oneMember(organizationId, change.userId));
    if (change.userId === actor.id) await record('member-left', { role: member.role });
    else await record('member-removed', { member: person(member), role: member.role });
  } else {
    const to = memberOf(change.to);
    await tx
      .update(organizationMembers)
      .set({ role: 'owner' })
      .where(oneMember(organizationId, change.to));
    if (change.then === 'leave') {
      await tx.delete(organizationMembers).where(oneMember(organizationId, change.from));
    } else {
      await tx
        .update(organizationMembers)
        .set({ role: 'editor' })
        .where(oneMember(organizationId, change.from));
    }
    await record('ownership-transferred', {
      member: person(to),
      previousRole: to.role,
      then: change.then,
    });
  }
}

/**
 * Adds `userId` in `role` within the limit (ADR 047), in the caller's transaction, the
 * organization's row locked first: the one way in, for invitations and an operator's support
 * case. With `promote`, a member who is not yet an owner becomes one (only for role owner).
 */
export async function addMemberIn(
  tx: Database,
  organizationId: string,
  userId: string,
  role: MemberRole,
  { promote = false }: { promote?: boolean } = {},
): Promise<AddedMember> {
  if (!(await lockOrganization(tx, organizationId))) return 'gone';
  const members = await tx
    .select({ userId: organizationMembers.userId, role: organizationMembers.role })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, organizationId));
  const existing = members.find((member) => member.userId === userId);
  if (existing) {
    if (!promote || existing.role === role) return 'already';
    await tx.update(organizationMembers).set({ role }).where(oneMember(organizationId, userId));
    return 'promoted';
  }
  if (members.length >= MAX_ORGANIZATION_MEMBERS) return 'full';
  await tx.insert(organizationMembers).values({ organizationId, userId, role });
  return 'added';
}

/** An organization's members: who they are, and the changes to them. */
export function createMemberQueries(db: Database) {
  return {
    /** The user's role in the organization, or null when they are no member. */
    async roleOf(organizationId: string, userId: string): Promise<MemberRole | null> {
      const [row] = await db
        .select({ role: organizationMembers.role })
        .from(organizationMembers)
        .where(oneMember(organizationId, userId));
      return row?.role ?? null;
    },

    /** The members with their names and addresses, owners first, then by when they joined. */
    listMembers(organizationId: string) {
      return membersWithNames(db, organizationId).orderBy(
        sql`${organizationMembers.role} <> 'owner'`,
        asc(organizationMembers.addedAt),
        asc(organizationMembers.userId),
      );
    },

    /**
     * Applies the change `decide` makes of the members as they are, in one transaction that
     * locks the organization's row first (as every write to it does), so two changes at once
     * are decided one after the other: no pair of them leaves the organization without an
     * owner. The change is recorded in the activity in the same transaction. `decide` throws
     * to refuse. False when the organization is gone.
     */
    changeMembers(
      organizationId: string,
      actor: ActivityActor,
      decide: (members: MemberRow[]) => MemberChange,
    ): Promise<boolean> {
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        if (!(await lockOrganization(tx, organizationId))) return false;
        const members = await membersWithNames(tx, organizationId);
        await applyChange(tx, organizationId, actor, members, decide(members));
        return true;
      });
    },

    /** `addMemberIn` in a transaction of its own (the tests' way to add a member). */
    addMember(organizationId: string, userId: string, role: MemberRole): Promise<AddedMember> {
      return db.transaction((tx) =>
        addMemberIn(tx as unknown as Database, organizationId, userId, role),
      );
    },
  };
}
