import { signInMessages, type CurrentUser } from '@si/contracts';
import { apiData } from '../../../lib/api-client';

/** docs/product.md#limits-and-constants: up to 2 retries, waiting 1000 ms times 2 to the retry number. */
export const SYNC_MAX_RETRIES = 2;
export const SYNC_RETRY_BASE_MS = 1000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * POST /api/auth/sync-user after sign-up, sign-in or a social sign-in (never for guests): makes
 * sure the backend holds the user's record. Fails with the product's message after the retries.
 */
export async function syncUser(): Promise<CurrentUser> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await apiData<CurrentUser>('/auth/sync-user', { method: 'POST', body: {} });
    } catch (error) {
      if (retry >= SYNC_MAX_RETRIES) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(signInMessages.syncFailed(reason), { cause: error });
      }
      await wait(SYNC_RETRY_BASE_MS * 2 ** retry);
    }
  }
}
