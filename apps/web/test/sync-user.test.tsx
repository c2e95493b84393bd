import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInMessages } from '@si/contracts';
import { syncUser } from '../src/features/auth/api/sync-user';
import { apiError, json, makeUser, stubApi } from './auth-fixtures';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('syncUser', () => {
  it('retries twice, waiting 1000 ms and then 2000 ms', async () => {
    let calls = 0;
    const fetchMock = stubApi({
      'POST /api/auth/sync-user': () =>
        ++calls < 3 ? apiError(503, 'SERVICE_UNAVAILABLE', 'busy') : json({ data: makeUser() }),
    });
    const result = syncUser();

    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await expect(result).resolves.toMatchObject({ id: 'user-1' });
  });

  it("fails with the product's message and the last reason after the retries", async () => {
    const fetchMock = stubApi({
      'POST /api/auth/sync-user': () => apiError(500, 'INTERNAL_ERROR', 'Database unavailable'),
    });
    const result = syncUser();
    const settled = expect(result).rejects.toThrow(
      signInMessages.syncFailed('Database unavailable'),
    );
    await vi.advanceTimersByTimeAsync(3000);
    await settled;
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
