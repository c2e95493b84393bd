import { z } from 'zod';
import { countOf } from './counts.ts';

/** Days an unconfirmed address (and its link) is kept after its last confirmation email. */
export const NEWSLETTER_CONFIRMATION_DAYS = 7;
/** The longest line an operator may put at the top of the monthly digest. */
export const NEWSLETTER_LINE_MAX = 300;

const EMAIL_INVALID = 'Please enter a valid email address';

export const NewsletterRequest = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .pipe(z.email({ message: EMAIL_INVALID })),
  })
  .strict();
export type NewsletterRequest = z.infer<typeof NewsletterRequest>;

/** The same answer for a new, a pending and a confirmed address: nobody learns which it was. */
export const NewsletterResult = z.object({ confirmationRequested: z.literal(true) });

export const NewsletterConfirmRequest = z.strictObject({ token: z.string().min(1).max(200) });
export const NewsletterConfirmResult = z.object({ confirmed: z.literal(true) });

/** The newsletter API's own error codes. */
export const newsletterErrorCodes = {
  /** A confirmation link that was never issued, or was used already. */
  linkInvalid: 'NEWSLETTER_LINK_INVALID',
  /** A confirmation link older than NEWSLETTER_CONFIRMATION_DAYS. */
  linkExpired: 'NEWSLETTER_LINK_EXPIRED',
} as const;

/** The footer's box, the confirmation page and the emails. */
export const newsletterTexts = {
  heading: 'Stay in the loop',
  body: 'New organizations and stories of impact, once a month.',
  label: 'Email address',
  placeholder: 'you@example.org',
  busy: 'Subscribing...',
  failed: 'Subscription failed. Please try again.',
  /** The toast after the box is sent: the same whatever the address's state. */
  checkInbox:
    'Almost done: we sent you an email. Open the link in it to confirm your subscription.',
  confirmTitle: 'Confirm your subscription',
  confirming: 'Confirming your subscription...',
  confirmedTitle: 'You are subscribed',
  confirmed:
    'Thank you! Once a month you will get the organizations that joined the directory. We have sent you a welcome email: it, and every newsletter, has a link to unsubscribe in one click.',
  linkInvalidTitle: 'This link did not work',
  linkInvalid:
    'This confirmation link is not valid, or it has been used already. If you confirmed before, you are subscribed; otherwise, subscribe again from the box at the bottom of any page.',
  linkExpiredTitle: 'This link has expired',
  linkExpired: `Confirmation links work for ${NEWSLETTER_CONFIRMATION_DAYS} days. Nothing was subscribed: enter your address again in the box at the bottom of any page and we will send a new link.`,
  missingToken:
    'This page needs the link from your confirmation email. Open the link from the email, or subscribe again from the box at the bottom of any page.',
  toHome: 'Go to the home page',
  confirmEmailSubject: 'Confirm your subscription to the Scaling Impact newsletter',
  digestSubject: (month: string) => `New on Scaling Impact: ${month}`,
  /** The digest's line on the roles posted in its month and open now (ADR 042). */
  digestRoles: (roles: number, organizations: number, url: string) =>
    `${countOf(roles, 'new open role', 'new open roles')} at ${countOf(organizations, 'organization', 'organizations')}: ${url}`,
  unsubscribeLabel: 'Unsubscribe from the newsletter',
  welcomeEmailSubject: 'Welcome to the Scaling Impact newsletter',
  welcomeEmailIntro: (to: string) =>
    `${to} is now subscribed to the Scaling Impact newsletter: in the first days of each month, the organizations that joined the directory the month before.`,
  welcomeEmailAction: 'Browse the directory',
  welcomeEmailOutro:
    'You can leave at any time: this email and every newsletter have a link to unsubscribe in one click.',
  /** The box's own message for an empty field (the browser's bubble is not used). */
  emailRequired: 'Please enter your email address',
  emailInvalid: EMAIL_INVALID,
} as const;

/** The console's newsletter page: counts, the digest's line, the last send, the addresses. */
export const AdminNewsletter = z.object({
  confirmed: z.number().int(),
  pending: z.number().int(),
  digestLine: z.string(),
  lastDigest: z
    .object({
      /** 'YYYY-MM-01': the month the digest was about. */
      month: z.string(),
      startedAt: z.string(),
      /** Null while subscribers are still being queued (or a run was cut short). */
      finishedAt: z.string().nullable(),
      organizations: z.number().int(),
      queued: z.number().int(),
      sent: z.number().int(),
      failed: z.number().int(),
      waiting: z.number().int(),
    })
    .nullable(),
});
export type AdminNewsletter = z.infer<typeof AdminNewsletter>;

export const AdminNewsletterLine = z.strictObject({
  line: z
    .string()
    .trim()
    .max(NEWSLETTER_LINE_MAX, `Keep the line to ${NEWSLETTER_LINE_MAX} characters`),
});

export const AdminNewsletterQuery = z
  .object({
    q: z.string().trim().max(254).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();

export const AdminNewsletterSubscriber = z.object({
  id: z.string(),
  email: z.string(),
  state: z.enum(['confirmed', 'pending']),
  subscribedAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type AdminNewsletterSubscriber = z.infer<typeof AdminNewsletterSubscriber>;

export const adminNewsletterTexts = {
  notFound: 'No such subscriber: the address may have been removed already.',
} as const;
