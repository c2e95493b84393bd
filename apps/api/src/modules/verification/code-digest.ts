import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH } from '@si/contracts';

/**
 * Verification codes and what is stored of them: an HMAC under the server's secret, bound to
 * the code's row, so the database holds nothing a code can be read back from, and a code
 * checked against another row never matches. Compared in constant time.
 */
export function codeDigests(secret: string) {
  const digestOf = (rowId: string, code: string) =>
    createHmac('sha256', secret).update(`domain-verification:${rowId}:${code}`).digest('base64url');
  return {
    /** A new code: uniformly random digits, leading zeros kept. */
    newCode: () =>
      String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0'),
    digestOf,
    matches(rowId: string, code: string, stored: string): boolean {
      const given = Buffer.from(digestOf(rowId, code));
      const expected = Buffer.from(stored);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type CodeDigests = ReturnType<typeof codeDigests>;
