/**
 * Verified organizations (ADR 032): an owner proves control of the domain of the
 * profile's saved website by entering a code emailed to an address on that domain.
 */
import { verifiedBadgeTexts } from './verified-badge-texts.ts';

export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_MINUTES = 30;
export const VERIFICATION_MAX_ATTEMPTS = 5;
/** Codes sent in an hour: per account, and per domain whoever asks. */
export const VERIFICATION_CODES_PER_HOUR = 5;
/** The part of the address before the @, as an owner types it (RFC 5321 allows 64 characters). */
export const VERIFICATION_LOCAL_PART_MAX = 64;

export const domainVerificationTexts = {
  ...verifiedBadgeTexts,

  // The editor's section.
  heading: 'Verified badge',
  intro: (domain: string) =>
    `Prove that your organization runs ${domain}: we email a code to an address there, and your profile shows a Verified badge with the domain.`,
  noWebsite: 'Add your website and save the profile to verify its domain.',
  unsavedWebsite: 'Save the profile first: the code goes to the domain of the saved website.',
  verifiedNow: (domain: string, date: string) =>
    `Your profile shows the Verified badge for ${domain}, since ${date}. Changing the website to another domain removes it.`,
  localPartLabel: 'Address on your domain',
  localPartHint: 'For example hello or info: the part before the @.',
  sendCode: 'Send code',
  sendNewCode: 'Send a new code',
  sending: 'Sending...',
  codeSent: (email: string) =>
    `We sent a ${VERIFICATION_CODE_LENGTH}-digit code to ${email}. It works for ${VERIFICATION_CODE_TTL_MINUTES} minutes.`,
  codeLabel: 'Code from the email',
  verify: 'Verify',
  verifying: 'Checking...',
  verifiedToast: 'Your profile now shows the Verified badge',

  // Refusals (the API's messages).
  localPartInvalid:
    'Enter only the part of the address before the @, such as hello: letters, digits and . _ + - only',
  noSavedWebsite: 'Add your website to the profile and save it first',
  domainUnusable: (domain: string) =>
    `${domain} cannot receive a verification code: use a website on your organization's own domain`,
  freeMailDomain: (domain: string) =>
    `${domain} is a free email provider: use a website on your organization's own domain`,
  codeFormat: `The code is ${VERIFICATION_CODE_LENGTH} digits`,
  noCode: 'Send a code first',
  wrongCode: (attemptsLeft: number) =>
    attemptsLeft === 1
      ? 'That code is not right. 1 attempt left.'
      : `That code is not right. ${attemptsLeft} attempts left.`,
  expired: 'This code has expired. Send a new one.',
  attemptsUsed: 'Too many wrong codes. Send a new one.',
  tooManyCodes: 'Too many codes were sent. Try again in an hour.',

  // Emails.
  codeEmailSubject: (domain: string) => `Your code to verify ${domain} on Scaling Impact`,
  revokedEmailSubject: (organizationName: string) =>
    `The Verified badge of ${organizationName} was removed`,

  // The operator console.
  console: {
    label: 'Verified',
    none: 'Not verified',
    revoke: 'Revoke badge',
    revokeTitle: 'Revoke the Verified badge',
    revokeHelp:
      'The badge leaves the profile and the directory at once; the owner is emailed your reason.',
    revoked: 'Badge revoked',
    revoking: 'Revoking...',
    nothingToRevoke: 'This organization has no Verified badge.',
  },
} as const;

/** The domain a website URL proves: its host in lower case, without a leading www. */
export function websiteDomain(websiteUrl: string | null | undefined): string | null {
  if (!websiteUrl) return null;
  try {
    const host = new URL(websiteUrl).hostname.toLowerCase().replace(/\.$/, '');
    return host.startsWith('www.') ? host.slice(4) : host;
  } catch {
    return null;
  }
}

/** The verification API's own error codes (a wrong code is VALIDATION_FAILED on `code`). */
export const verificationErrorCodes = {
  noWebsite: 'NO_SAVED_WEBSITE',
  unusableDomain: 'UNUSABLE_DOMAIN',
  noCode: 'NO_CODE',
  expired: 'CODE_EXPIRED',
  attemptsUsed: 'CODE_ATTEMPTS_USED',
  notVerified: 'NOT_VERIFIED',
} as const;
