import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiData, apiUrl } from '../src/lib/api-client';
import { retryDelay, shouldRetry } from '../src/lib/query-client';

describe('api client', () => {
  it('builds URLs without empty query values', () => {
    expect(apiUrl('/organizations', { country: 'KE', q: '', cursor: undefined, limit: 24 })).toBe(
      '/api/organizations?country=KE&limit=24',
    );
  });

  it('returns data and throws ApiError with the server code and message', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(
          new Response(JSON.stringify({ data: { ok: true } }), { status: 200 }),
        )
        .mockResolvedValueOnce(
          new Response(
            JSON.stringify({
              error: { code: 'NOT_FOUND', message: 'Organization with ID "x" not found' },
            }),
            {
              status: 404,
            },
          ),
        ),
    );
    await expect(apiData('/site')).resolves.toEqual({ ok: true });
    const error = await apiData('/organizations/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Organization with ID "x" not found',
    });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await apiData('/site').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});

describe('query retries', () => {
  it('retries network and server errors up to 3 times, never 4xx', () => {
    expect(shouldRetry(0, new ApiError(0, 'NETWORK_ERROR', 'offline'))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, 'SERVICE_UNAVAILABLE', 'down'))).toBe(true);
    expect(shouldRetry(3, new ApiError(0, 'NETWORK_ERROR', 'offline'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'NOT_FOUND', 'missing'))).toBe(false);
  });

  it('backs off from 1000 ms, doubling', () => {
    expect([0, 1, 2].map(retryDelay)).toEqual([1000, 2000, 4000]);
  });
});
