import {
  invitationErrorCodes as codes,
  invitationTexts as texts,
  type CreateInvitationRequest,
  type PendingInvitation,
} from '@si/contracts';
import { AppError } from '../../http/errors.ts';
import type { AuthSession } from '../../identity/session.ts';
import { actorOf } from '../activity/recording.ts';
import type { OrganizationService } from '../organizations/service.ts';
import type { InvitationQueries, InvitationRow } from './queries.ts';
import type { InvitationSending } from './sending.ts';

/** What an invitation change did (the activity records it in the change's transaction). */
export interface InvitationChange {
  kind: 'invited' | 'resent' | 'revoked';
  organizationId: string;
  invitationId: string;
  email: string;
  role: PendingInvitation['role'];
  by: string;
}

const notFound = () => new AppError(404, codes.notFound, texts.notFound);

/** The name an invitation gives its sender: their name, else their address. */
const senderName = (session: AuthSession) => session.user.name.trim() || session.user.email;

/** An owner's view of an open invitation. */
export const toPendingInvitation = (row: InvitationRow, now: Date): PendingInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invitedBy: row.invitedBy,
  sentAt: row.sentAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  expired: row.expiresAt.getTime() <= now.getTime(),
});

const changeOf = (kind: InvitationChange['kind'], row: InvitationRow, by: string) => ({
  kind,
  organizationId: row.organizationId,
  invitationId: row.id,
  email: row.email,
  role: row.role,
  by,
});

/**
 * An organization's invitations as its owners handle them (ADR 049): sent, listed, sent again
 * with a new link, revoked. Only a role that may manage `members` may; anyone else meets what
 * the organization's other owner-only calls answer (ADR 047).
 */
export function createOwnerInvitations(
  queries: InvitationQueries,
  organizations: Pick<OrganizationService, 'requireMemberOrganization' | 'ownerNotFound'>,
  sending: InvitationSending,
  now: () => Date,
) {
  const requireOwner = async (session: AuthSession | null, id: string) => {
    const organization = await organizations.requireMemberOrganization(session, id, 'members');
    return { organization, session: session! };
  };

  return {
    async invite(session: AuthSession | null, id: string, input: CreateInvitationRequest) {
      const owner = await requireOwner(session, id);
      const sender = owner.session.user;
      await sending.countSending(sender.id, input.email);
      const link = sending.newLink();
      const result = await queries.create(
        {
          organizationId: owner.organization.id,
          email: input.email,
          role: input.role,
          invitedBy: sender.id,
          tokenHash: link.tokenHash,
          expiresAt: link.expiresAt,
        },
        actorOf(owner.session),
        (tx, organizationName) =>
          sending.queue(tx, sender.id, {
            to: input.email,
            token: link.token,
            organizationName,
            role: input.role,
            inviterName: senderName(owner.session),
          }),
      );
      if (result === 'gone') throw organizations.ownerNotFound(id);
      if (result === 'member') {
        const message = texts.alreadyMember(input.email);
        throw new AppError(409, codes.alreadyMember, message, { email: message });
      }
      if (result === 'pending') {
        const message = texts.pending(input.email);
        throw new AppError(409, codes.pending, message, { email: message });
      }
      if (result === 'full') throw new AppError(409, codes.full, texts.full);
      sending.queued();
      return {
        invitation: toPendingInvitation(result, now()),
        change: changeOf('invited', result, sender.id),
      };
    },

    async list(session: AuthSession | null, id: string): Promise<PendingInvitation[]> {
      const { organization } = await requireOwner(session, id);
      const at = now();
      return (await queries.listOpen(organization.id)).map((row) => toPendingInvitation(row, at));
    },

    /** A new link and 7 more days; the old link stops working. */
    async resend(session: AuthSession | null, id: string, invitationId: string) {
      const owner = await requireOwner(session, id);
      const sender = owner.session.user;
      const waiting = await queries.findOpen(owner.organization.id, invitationId);
      if (!waiting) throw notFound();
      await sending.countSending(sender.id, waiting.email);
      const { token, ...fresh } = sending.newLink();
      const row = await queries.resend(
        owner.organization.id,
        invitationId,
        actorOf(owner.session),
        fresh,
        (tx, sent, organizationName) =>
          sending.queue(tx, sender.id, {
            to: sent.email,
            token,
            organizationName,
            role: sent.role,
            inviterName: senderName(owner.session),
          }),
      );
      if (!row) throw notFound();
      sending.queued();
      return {
        invitation: toPendingInvitation(row, now()),
        change: changeOf('resent', row, sender.id),
      };
    },

    async revoke(session: AuthSession | null, id: string, invitationId: string) {
      const { organization, session: caller } = await requireOwner(session, id);
      const row = await queries.revoke(organization.id, invitationId, actorOf(caller), now());
      if (!row) throw notFound();
      return { change: changeOf('revoked', row, caller.user.id) };
    },
  };
}
export type OwnerInvitations = ReturnType<typeof createOwnerInvitations>;
