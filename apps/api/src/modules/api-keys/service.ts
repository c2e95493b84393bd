import {
  API_KEYS_PER_USER,
  API_KEY_USAGE_DAYS,
  apiKeyErrorCodes,
  apiKeyTexts,
  type ApiKey,
  type ApiKeyUsageDay,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from '@si/contracts';
import type { AuthSession } from '../../identity/session.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { ApiKeyRepository, ApiKeyRow } from './repository.ts';
import { fingerprint, hasKeyShape, newSecret } from './secrets.ts';

/** `last used` is written at most this often per key: a busy key costs no extra write each time. */
const LAST_USED_STEP_MS = 60_000;

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  start: row.start,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** The key a request was let in with. */
export interface PresentedKey {
  id: string;
}

/** A user's API keys (ADR 055): made, listed and revoked by their owner, checked per request. */
export function createApiKeyService(repository: ApiKeyRepository) {
  return {
    async list(caller: AuthSession): Promise<ApiKey[]> {
      return (await repository.listLive(caller.user.id)).map(toApiKey);
    },

    async create(caller: AuthSession, request: CreateApiKeyRequest): Promise<CreatedApiKey> {
      // Counted before the insert: two creations at once may both pass at the last place, which
      // leaves one key too many and nothing worse.
      if ((await repository.countLive(caller.user.id)) >= API_KEYS_PER_USER) {
        throw new AppError(409, apiKeyErrorCodes.tooMany, apiKeyTexts.limitReached);
      }
      const { secret, secretHash, start } = newSecret();
      const row = await repository.insert({
        userId: caller.user.id,
        name: request.name,
        start,
        secretHash,
      });
      return { key: toApiKey(row), secret };
    },

    async revoke(caller: AuthSession, id: string): Promise<void> {
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
      if (!uuid || !(await repository.revoke(caller.user.id, id))) {
        throw notFound(apiKeyTexts.notFound);
      }
    },

    async usage(caller: AuthSession): Promise<ApiKeyUsageDay[]> {
      return repository.usage(caller.user.id, API_KEY_USAGE_DAYS);
    },

    /**
     * The live key a request presents, its request counted for today; an unknown, malformed or
     * revoked key is refused, never taken as no key.
     */
    async admit(presented: string): Promise<PresentedKey> {
      const key = hasKeyShape(presented) ? await repository.findLive(fingerprint(presented)) : null;
      if (!key) throw new AppError(401, apiKeyErrorCodes.invalid, apiKeyTexts.invalidKey);
      const stale =
        key.lastUsedAt === null || Date.now() - key.lastUsedAt.getTime() >= LAST_USED_STEP_MS;
      await Promise.all([repository.countRequest(key.id), stale ? repository.touch(key.id) : null]);
      return { id: key.id };
    },
  };
}
export type ApiKeyService = ReturnType<typeof createApiKeyService>;
