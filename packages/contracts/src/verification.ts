import { z } from 'zod';
import {
  domainVerificationTexts,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_LOCAL_PART_MAX,
} from './verification-texts.ts';

/** The verification API's schemas; its texts and rules are in verification-texts.ts (no zod: the home page's cards read them). */
/** A verified organization's badge: the domain it proved, and since when. */
export const OrganizationVerification = z.object({
  domain: z.string(),
  verifiedAt: z.iso.datetime(),
});
export type OrganizationVerification = z.infer<typeof OrganizationVerification>;

/** POST /api/organizations/:id/verification/code: the address is this @ the saved website's domain. */
export const SendVerificationCodeRequest = z
  .object({
    localPart: z
      .string()
      .trim()
      .min(1, domainVerificationTexts.localPartInvalid)
      .max(VERIFICATION_LOCAL_PART_MAX, domainVerificationTexts.localPartInvalid)
      // Letters, digits and ._+- only, without leading, trailing or doubled dots: the rest of
      // RFC 5322's dot-atom (%, !, / ...) is how some mail servers route mail to another host.
      .regex(/^[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*$/, domainVerificationTexts.localPartInvalid),
  })
  .strict();
export type SendVerificationCodeRequest = z.infer<typeof SendVerificationCodeRequest>;

export const VerificationCodeSent = z.object({
  /** Where the code went. */
  email: z.string(),
  expiresAt: z.iso.datetime(),
});
export type VerificationCodeSent = z.infer<typeof VerificationCodeSent>;

/** POST /api/organizations/:id/verification: the code from the email. */
export const ConfirmVerificationRequest = z
  .object({
    code: z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), domainVerificationTexts.codeFormat),
  })
  .strict();
export type ConfirmVerificationRequest = z.infer<typeof ConfirmVerificationRequest>;
