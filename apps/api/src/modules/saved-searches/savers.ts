import { savedSearchTexts } from '@si/contracts';
import type { CallerRefusals } from '../../identity/caller-checks.ts';

/** Alerts go to the account's email: a guest has none, an unverified one may not be theirs. */
export const savedSearchSavers = {
  guest: savedSearchTexts.permanentAccount,
  unverified: savedSearchTexts.verifyFirst,
} as const satisfies CallerRefusals;
