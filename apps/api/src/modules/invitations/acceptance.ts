import {
  invitationErrorCodes as codes,
  invitationTexts as texts,
  type InvitationPreview,
  type MemberRole,
} from '@si/contracts';
import { AppError } from '../../http/errors.ts';
import { linkTokenHash } from '../../identity/link-tokens.ts';
import type { AuthSession } from '../../identity/session.ts';
import { actorOf } from '../activity/recording.ts';
import type { InvitationQueries, InvitationRow } from './queries.ts';

/** What accepting changed: a member added (recorded in the activity as it was made). */
export interface MemberJoined {
  kind: 'joined';
  organizationId: string;
  invitationId: string;
  userId: string;
  role: MemberRole;
}

/** Forged, or dead, to anyone who is not shown why: one answer that says only that. */
const unusable = () => new AppError(404, codes.unusable, texts.unusable);

/** Why an invitation that exists no longer works, in the invitee's own answer; null if it does. */
function deadReason(invitation: InvitationRow, now: Date): AppError | null {
  if (invitation.acceptedAt) return new AppError(409, codes.used, texts.used);
  if (invitation.revokedAt) return new AppError(410, codes.revoked, texts.revoked);
  if (invitation.expiresAt.getTime() <= now.getTime()) {
    return new AppError(410, codes.expired, texts.expired);
  }
  return null;
}

/** Whether the caller is the invitee: a permanent, verified account with the invited address. */
const isInvitee = (session: AuthSession | null, invitation: InvitationRow) =>
  Boolean(
    session &&
    !session.user.isAnonymous &&
    session.user.emailVerified &&
    session.user.email.toLowerCase() === invitation.email,
  );

/**
 * The invitee's side (ADR 049): the link's holder sees what they are invited to; the invitee,
 * signed in with the invited address, accepts it once. A link that no longer works is explained
 * only to the invitee; anyone else learns nothing beyond that it cannot be used.
 */
export function createAcceptance(queries: InvitationQueries, now: () => Date) {
  /** The invitation the token names, refused as above when it no longer works. */
  async function usable(session: AuthSession | null, token: string) {
    const found = await queries.findByToken(linkTokenHash(token));
    if (!found) throw unusable();
    const dead = deadReason(found.invitation, now());
    if (dead) throw isInvitee(session, found.invitation) ? dead : unusable();
    return found;
  }

  /** Refuses a caller who may not accept: no permanent account, another address, unverified. */
  function requireInvitee(session: AuthSession, invitation: InvitationRow) {
    const { user } = session;
    if (user.isAnonymous) throw new AppError(403, codes.wrongAccount, texts.guest);
    if (user.email.toLowerCase() !== invitation.email) {
      throw new AppError(403, codes.wrongAccount, texts.wrongAccount(invitation.email));
    }
    if (!user.emailVerified) throw new AppError(403, codes.unverified, texts.unverified);
  }

  return {
    async preview(session: AuthSession | null, token: string): Promise<InvitationPreview> {
      const { invitation, organizationName, inviterName } = await usable(session, token);
      return {
        organizationId: invitation.organizationId,
        organizationName,
        role: invitation.role,
        invitedBy: inviterName,
        email: invitation.email,
        expiresAt: invitation.expiresAt.toISOString(),
      };
    },

    /**
     * Adds the caller as a member in the invited role and uses the link up, in one
     * transaction; decided again there, under the locks, so two acceptances cannot both win.
     */
    async accept(session: AuthSession, token: string): Promise<MemberJoined> {
      const { invitation } = await usable(session, token);
      requireInvitee(session, invitation);
      const result = await queries.accept(
        linkTokenHash(token),
        actorOf(session),
        (locked) => {
          const dead = deadReason(locked, now());
          if (dead) throw dead;
        },
        now(),
      );
      if (result === 'gone') throw unusable();
      if (result === 'already') {
        throw new AppError(409, codes.alreadyMember, texts.alreadyMemberOnAccept);
      }
      if (result === 'full') throw new AppError(409, codes.full, texts.fullOnAccept);
      return {
        kind: 'joined',
        organizationId: result.organizationId,
        invitationId: result.id,
        userId: session.user.id,
        role: result.role,
      };
    },
  };
}
export type Acceptance = ReturnType<typeof createAcceptance>;
