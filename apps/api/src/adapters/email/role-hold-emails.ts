import { actionEmail } from './action-email.ts';
import type { EmailMessage } from './message.ts';
import type { PaymentEmail } from './owner-email.ts';

/** What an email about one of an organization's roles names, and where the owner manages it. */
export interface RoleEmail extends PaymentEmail {
  organizationId: string;
  roleTitle: string;
}

const rolesPage = (email: RoleEmail) =>
  `${email.publicUrl}/dashboard/organizations/${encodeURIComponent(email.organizationId)}/roles`;

/** An operator took one role down (ADR 045): the owner reads why, and where to answer. */
export function roleHeldEmail(email: RoleEmail & { reason: string }): EmailMessage {
  return actionEmail({
    to: email.to,
    subject: `The role ${email.roleTitle} at ${email.organizationName} is on hold`,
    intro: `Our team has taken the role ${email.roleTitle} off the profile of ${email.organizationName} and the directory for now. The reason: ${email.reason}`,
    action: 'See your roles',
    url: rolesPage(email),
    outro: `Nothing was deleted, and the rest of your profile is unchanged. Reply to ${email.supportEmail} if you think this is a mistake or once it is fixed.`,
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}

/** The operator released the role's hold: it is public again while it is open. */
export function roleReleasedEmail(email: RoleEmail): EmailMessage {
  return actionEmail({
    to: email.to,
    subject: `The role ${email.roleTitle} at ${email.organizationName} is no longer on hold`,
    intro: `Our team has released the hold on the role ${email.roleTitle}. If it is still open, it is shown on the profile of ${email.organizationName} again.`,
    action: 'See your roles',
    url: rolesPage(email),
    outro: 'Thank you for your patience.',
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}
