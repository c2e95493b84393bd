import { consoleTexts } from '@si/contracts';
import { ApiError } from '../../../lib/api-client';

/** A refusal's message: 409 is 'changed meanwhile', which the caller answers by reloading. */
export function refusalOf(error: unknown): { message: string; changed: boolean } {
  const changed = error instanceof ApiError && error.status === 409;
  const message = error instanceof Error && error.message ? error.message : consoleTexts.loadFailed;
  return { message, changed };
}
