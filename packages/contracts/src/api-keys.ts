/** API keys (ADR 055): what the dashboard's API keys page sends and receives. */
import { z } from 'zod';
import { API_KEY_NAME_MAX, apiKeyTexts } from './api-key-texts.ts';

export const CreateApiKeyRequest = z.object({
  name: z
    .string()
    .trim()
    .min(1, apiKeyTexts.nameRequired)
    .max(API_KEY_NAME_MAX, apiKeyTexts.nameTooLong),
});
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequest>;

/** A key as its owner sees it later: never the secret, only its first characters. */
export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The prefix and the secret's first characters, to tell keys apart. */
  start: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** The answer to creating a key: the only one that holds its secret. */
export const CreatedApiKey = z.object({ key: ApiKey, secret: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

/** Requests one key made on one day (UTC). */
export const ApiKeyUsageDay = z.object({
  keyId: z.string(),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  requests: z.number().int(),
});
export type ApiKeyUsageDay = z.infer<typeof ApiKeyUsageDay>;
