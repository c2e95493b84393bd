import { domainVerificationTexts } from '@si/contracts';
import { actionEmail } from './action-email.ts';
import type { EmailMessage } from './message.ts';
import { dashboardLink, type PaymentEmail } from './owner-email.ts';

/** An operator took an organization's Verified badge away, and says why. */
export function badgeRevokedEmail(email: PaymentEmail & { reason: string }): EmailMessage {
  return actionEmail({
    to: email.to,
    subject: domainVerificationTexts.revokedEmailSubject(email.organizationName),
    intro: `Our team has removed the Verified badge from the profile of ${email.organizationName}. The reason: ${email.reason}`,
    action: 'See your organizations',
    url: dashboardLink(email.publicUrl),
    outro: `The profile itself is unchanged. Reply to ${email.supportEmail} if you think this is a mistake.`,
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}

/** An operator took the profile down (ADR 028): the owner reads why, and where to answer. */
export function profileHeldEmail(email: PaymentEmail & { reason: string }) {
  return actionEmail({
    to: email.to,
    subject: `${email.organizationName} is on hold`,
    intro: `Our team has taken the profile of ${email.organizationName} out of the directory for now. The reason: ${email.reason}`,
    action: 'See your organizations',
    url: dashboardLink(email.publicUrl),
    outro: `Nothing was deleted, and your subscription is unchanged. Reply to ${email.supportEmail} if you think this is a mistake or once it is fixed.`,
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}

/** The operator released the hold: the subscription decides again. */
export function profileReleasedEmail(email: PaymentEmail) {
  return actionEmail({
    to: email.to,
    subject: `${email.organizationName} is no longer on hold`,
    intro: `Our team has released the hold on ${email.organizationName}. If its subscription is active, the profile is public again.`,
    action: 'See your organizations',
    url: dashboardLink(email.publicUrl),
    outro: 'Thank you for your patience.',
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}

/**
 * An operator made an account an owner for a support case (ADR 048): each owner before it reads
 * who, and why, and where to answer if it was not wanted.
 */
export function ownerAddedEmail(
  email: PaymentEmail & { newOwner: string; reason: string; activityUrl: string },
): EmailMessage {
  return actionEmail({
    to: email.to,
    subject: `${email.newOwner} is now an owner of ${email.organizationName}`,
    intro: `Our support team has made ${email.newOwner} an owner of ${email.organizationName}. The reason: ${email.reason}`,
    action: 'See its activity',
    url: email.activityUrl,
    outro: `Owners manage the members, billing, and can delete the organization. Reply to ${email.supportEmail} at once if you did not expect this.`,
    supportEmail: email.supportEmail,
    parentBrands: email.parentBrands,
  });
}
