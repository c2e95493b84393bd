import {
  INVITATION_TTL_DAYS,
  memberRoleWithArticle,
  siteName,
  type MemberRole,
} from '@si/contracts';
import { actionEmail, type EmailFooter } from './action-email.ts';
import type { EmailMessage } from './message.ts';

export interface InvitationEmail extends EmailFooter {
  to: string;
  url: string;
  organizationName: string;
  role: MemberRole;
  inviterName: string;
}

/** An owner's invitation to join their organization (ADR 049). */
export function invitationEmail(email: InvitationEmail): EmailMessage {
  const { to, url, organizationName, role, inviterName, ...footer } = email;
  return actionEmail({
    to,
    subject: `${inviterName} invited you to ${organizationName} on ${siteName}`,
    intro: `${inviterName} invited you to help run ${organizationName} on ${siteName}, as ${memberRoleWithArticle[role]}.`,
    action: 'See the invitation',
    url,
    outro: `The link works once and expires in ${INVITATION_TTL_DAYS} days. Accept it signed in with ${to} (you can create an account with that address). If you did not expect it, ignore this email.`,
    ...footer,
  });
}
