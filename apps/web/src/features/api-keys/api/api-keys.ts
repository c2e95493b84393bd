import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiKeyTexts,
  type ApiKey,
  type ApiKeyUsageDay,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from '@si/contracts';
import { apiData } from '../../../lib/api-client';

const apiKeysKey = ['api-keys'] as const;
const usageKey = ['api-keys', 'usage'] as const;

/** GET /api/users/me/api-keys: the account's live keys, newest first. */
export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysKey,
    queryFn: () =>
      apiData<ApiKey[]>('/users/me/api-keys', { fallbackMessage: apiKeyTexts.loadFailed }),
  });
}

/** GET /api/users/me/api-keys/usage: requests per key per day. */
export function useApiKeyUsage() {
  return useQuery({
    queryKey: usageKey,
    queryFn: () =>
      apiData<ApiKeyUsageDay[]>('/users/me/api-keys/usage', {
        fallbackMessage: apiKeyTexts.loadFailed,
      }),
  });
}

/** POST /api/users/me/api-keys: the answer holds the secret, once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateApiKeyRequest) =>
      apiData<CreatedApiKey>('/users/me/api-keys', {
        method: 'POST',
        body: request,
        fallbackMessage: apiKeyTexts.createFailed,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

/** DELETE /api/users/me/api-keys/:id. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiData<{ revoked: true }>(`/users/me/api-keys/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        fallbackMessage: apiKeyTexts.revokeFailed,
      }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<ApiKey[]>(apiKeysKey, (keys) =>
        keys?.filter((key) => key.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: usageKey });
    },
  });
}
