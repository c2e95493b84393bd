import { z } from 'zod';

/** The digest an operator can send now (ADR 037): what it would hold, and whether it can go. */
export const AdminDigestPreview = z.object({
  /** 'YYYY-MM-01': the month the digest is about. */
  month: z.string(),
  subject: z.string(),
  /** The operator's line, at the top of the email. */
  line: z.string(),
  organizations: z.array(z.object({ id: z.string(), name: z.string(), line: z.string() })),
  /** Confirmed addresses it would be queued to (or was, when it went out already). */
  recipients: z.number().int(),
  /** Null when it can be sent now; otherwise why not, as the send would answer. */
  refusal: z.string().nullable(),
});
export type AdminDigestPreview = z.infer<typeof AdminDigestPreview>;

export const AdminDigestSent = z.object({
  month: z.string(),
  organizations: z.number().int(),
  queued: z.number().int(),
});
export type AdminDigestSent = z.infer<typeof AdminDigestSent>;

/** Why a digest cannot be sent now (409). */
export const digestErrorCodes = {
  /** The month's digest went out already (or is going out): once a month, no more. */
  alreadySent: 'NEWSLETTER_DIGEST_SENT',
  /** Nobody was first published in the digest's time: there is nothing to tell. */
  nothingNew: 'NEWSLETTER_DIGEST_EMPTY',
} as const;

/** The digest's send-now, in the console and the CLI, and the welcome email. */
export const digestTexts = {
  alreadySent: (month: string, when: string) =>
    `The digest of ${month} went out on ${when}: a month's digest is sent once. The next one is the digest of the month after.`,
  sending: (month: string) =>
    `The digest of ${month} is being sent: a month's digest is sent once.`,
  nothingNew: (month: string) =>
    `No organization has joined the directory in ${month} yet (since the last digest): there is nothing to send.`,
  // The console
  nextDigest: 'Next digest',
  nextDigestIntro:
    "A month's digest goes out by itself in the first days of the next month. Send it now to send it earlier: it then counts as that month's digest, and nothing more of that month is sent.",
  previewOf: (month: string) => `Digest of ${month}`,
  subjectLabel: 'Subject',
  recipients: (count: number) =>
    `${count.toLocaleString('en-US')} ${count === 1 ? 'subscriber' : 'subscribers'}`,
  organizationsHeading: 'Organizations in it',
  more: (count: number) =>
    `and ${count.toLocaleString('en-US')} more ${count === 1 ? 'organization' : 'organizations'}`,
  noLine: 'No line: the email opens with the organizations.',
  sendNow: 'Send now',
  sendNowTitle: 'Send the digest now?',
  sendNowText: (month: string, recipients: number) =>
    `The digest of ${month} is queued at once to ${recipients.toLocaleString('en-US')} ${recipients === 1 ? 'subscriber' : 'subscribers'}. It counts as that month's digest: it cannot be sent again, and the first days of next month send nothing more. This is written to the audit log.`,
  sendingNow: 'Sending...',
  cancel: 'Cancel',
  sent: (month: string, queued: number) =>
    `The digest of ${month} is queued to ${queued.toLocaleString('en-US')} ${queued === 1 ? 'subscriber' : 'subscribers'}.`,
} as const;
