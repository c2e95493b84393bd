import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** docs/product.md#limits-and-constants: network errors are retried 3 times, backing off from 1000 ms, doubling. */
export const MAX_RETRIES = 3;
export const RETRY_BASE_DELAY_MS = 1000;

/** Retries network failures and server errors; a 4xx answer is final. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof ApiError) return error.status === 0 || error.status >= 500;
  return false;
}

export function retryDelay(attemptIndex: number): number {
  return RETRY_BASE_DELAY_MS * 2 ** attemptIndex;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
