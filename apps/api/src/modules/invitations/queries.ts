import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { MAX_MEMBERS_AND_INVITATIONS, type MemberRole } from '@si/contracts';
import type { Database } from '../../db/client.ts';
import {
  organizationInvitations as invitations,
  organizationMembers,
  organizations,
  users,
} from '../../db/schema.ts';
import { recordActivity, type ActivityActor } from '../activity/recording.ts';
import { addMemberIn } from '../organizations/member-queries.ts';
import { lockOrganization } from '../organizations/organization-lock.ts';

/** An invitation that is neither accepted nor revoked (it may have expired). */
const open = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

/** The organization's invitation `invitationId`, if it is open. */
const openOne = (organizationId: string, invitationId: string) =>
  and(eq(invitations.organizationId, organizationId), eq(invitations.id, invitationId), open);

/** An invitation as its activity entries name it. */
const invitationDetails = (row: InvitationRow) => ({ email: row.email, role: row.role });

export type InvitationRow = typeof invitations.$inferSelect;

/** A new invitation's fields; `send` queues its email in the same transaction. */
export interface NewInvitation {
  organizationId: string;
  email: string;
  role: MemberRole;
  invitedBy: string;
  tokenHash: string;
  expiresAt: Date;
}

type Executor = Database;

/** Whether an account with `email` is a member of the organization. */
async function isMemberByEmail(tx: Executor, organizationId: string, email: string) {
  const [found] = await tx
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(sql`lower(${users.email})`, email),
      ),
    );
  return Boolean(found);
}

/** Members and open invitations of the organization. */
async function seatsTaken(tx: Executor, organizationId: string) {
  const [members] = await tx
    .select({ n: count() })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, organizationId));
  const [waiting] = await tx
    .select({ n: count() })
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), open));
  return Number(members?.n ?? 0) + Number(waiting?.n ?? 0);
}

/** An organization's invitations: created, listed, sent again, revoked, read and accepted. */
export function createInvitationQueries(db: Database) {
  const transaction = <T>(work: (tx: Executor) => Promise<T>) =>
    db.transaction((tx) => work(tx as unknown as Executor));

  return {
    /**
     * Adds the invitation unless the address is a member, already invited, or the seats are
     * taken, decided with the organization's row locked; `send` queues its email meanwhile.
     */
    create(
      invitation: NewInvitation,
      actor: ActivityActor,
      send: (tx: Executor, organizationName: string) => Promise<void>,
    ): Promise<InvitationRow | 'gone' | 'member' | 'pending' | 'full'> {
      return transaction(async (tx) => {
        const organization = await lockOrganization(tx, invitation.organizationId);
        if (!organization) return 'gone';
        if (await isMemberByEmail(tx, invitation.organizationId, invitation.email)) return 'member';
        const [waiting] = await tx
          .select({ id: invitations.id })
          .from(invitations)
          .where(
            and(
              eq(invitations.organizationId, invitation.organizationId),
              eq(invitations.email, invitation.email),
              open,
            ),
          );
        if (waiting) return 'pending';
        if ((await seatsTaken(tx, invitation.organizationId)) >= MAX_MEMBERS_AND_INVITATIONS) {
          return 'full';
        }
        const [row] = await tx.insert(invitations).values(invitation).returning();
        await send(tx, organization.name);
        await recordActivity(
          tx,
          invitation.organizationId,
          actor,
          'member-invited',
          invitationDetails(row!),
        );
        return row!;
      });
    },

    /** The organization's open invitations, the oldest first. */
    listOpen(organizationId: string) {
      return db
        .select()
        .from(invitations)
        .where(and(eq(invitations.organizationId, organizationId), open))
        .orderBy(asc(invitations.createdAt), asc(invitations.id));
    },

    /** One open invitation of the organization, or null. */
    async findOpen(organizationId: string, invitationId: string) {
      const [row] = await db
        .select()
        .from(invitations)
        .where(openOne(organizationId, invitationId));
      return row ?? null;
    },

    /**
     * Gives the open invitation a new token and 7 days from now: the old link is dead from the
     * commit on. `send` queues the new email. Null when it is no longer open.
     */
    resend(
      organizationId: string,
      invitationId: string,
      actor: ActivityActor,
      fresh: { tokenHash: string; sentAt: Date; expiresAt: Date },
      send: (tx: Executor, row: InvitationRow, organizationName: string) => Promise<void>,
    ): Promise<InvitationRow | null> {
      return transaction(async (tx) => {
        const organization = await lockOrganization(tx, organizationId);
        if (!organization) return null;
        const [row] = await tx
          .update(invitations)
          .set(fresh)
          .where(openOne(organizationId, invitationId))
          .returning();
        if (!row) return null;
        await send(tx, row, organization.name);
        await recordActivity(
          tx,
          organizationId,
          actor,
          'invitation-resent',
          invitationDetails(row),
        );
        return row;
      });
    },

    /** Revokes the open invitation; its link is dead. Null when it was not open. */
    revoke(organizationId: string, invitationId: string, actor: ActivityActor, at: Date) {
      return transaction(async (tx) => {
        if (!(await lockOrganization(tx, organizationId))) return null;
        const [row] = await tx
          .update(invitations)
          .set({ revokedAt: at })
          .where(openOne(organizationId, invitationId))
          .returning();
        if (!row) return null;
        await recordActivity(
          tx,
          organizationId,
          actor,
          'invitation-revoked',
          invitationDetails(row),
        );
        return row;
      });
    },

    /** The invitation a link's token names, with its organization's name and its sender. */
    async findByToken(tokenHash: string) {
      const [row] = await db
        .select({
          invitation: invitations,
          organizationName: organizations.name,
          inviterName: sql<string>`coalesce(nullif(${users.name}, ''), ${users.email}, '')`,
        })
        .from(invitations)
        .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
        .leftJoin(users, eq(users.id, invitations.invitedBy))
        .where(eq(invitations.tokenHash, tokenHash));
      return row ?? null;
    },

    /**
     * Accepts the invitation for `actor` if `check` lets it (it throws to refuse), with the
     * organization's row and the invitation locked: the member is added (addMemberIn), the
     * invitation marked accepted and the joining recorded in one transaction, so a link works
     * once and a member is never added twice.
     */
    accept(
      tokenHash: string,
      actor: ActivityActor,
      check: (invitation: InvitationRow) => void,
      at: Date,
    ): Promise<InvitationRow | 'gone' | 'already' | 'full'> {
      return transaction(async (tx) => {
        const [found] = await tx
          .select({ organizationId: invitations.organizationId })
          .from(invitations)
          .where(eq(invitations.tokenHash, tokenHash));
        if (!found || !(await lockOrganization(tx, found.organizationId))) return 'gone';
        const [invitation] = await tx
          .select()
          .from(invitations)
          .where(eq(invitations.tokenHash, tokenHash))
          .for('update');
        if (!invitation) return 'gone';
        check(invitation);
        const added = await addMemberIn(tx, invitation.organizationId, actor.id, invitation.role);
        if (added === 'gone' || added === 'full') return added;
        if (added !== 'added') return 'already';
        const [accepted] = await tx
          .update(invitations)
          .set({ acceptedAt: at, acceptedBy: actor.id })
          .where(eq(invitations.id, invitation.id))
          .returning();
        await recordActivity(tx, invitation.organizationId, actor, 'member-joined', {
          role: invitation.role,
        });
        return accepted!;
      });
    },
  };
}
export type InvitationQueries = ReturnType<typeof createInvitationQueries>;
