import { guardMessages, organizationFormMessages } from '@si/contracts';
import type { CallerRefusals } from '../../identity/caller-checks.ts';

/**
 * docs/product.md#organizations: only a signed-in, permanent, verified user creates or changes
 * organizations; everyone else is refused in these words.
 */
export const organizationEditors = {
  guest: guardMessages.permanentAccountToCreate,
  unverified: organizationFormMessages.verifyFirst,
} as const satisfies CallerRefusals;
