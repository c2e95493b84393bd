import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { sessionMessages } from '@si/contracts';
import { ApiError, apiData } from '../src/lib/api-client';
import { onSessionLost, rememberSessionUser } from '../src/lib/session';
import { AUTH_EXPIRY_KEY } from '../src/lib/session-lost-message';
import { apiError, callsOf, json, makeUser, renderApp, stubApi } from './auth-fixtures';

afterEach(() => {
  sessionStorage.clear();
  rememberSessionUser(null);
});

describe('a request answered 401', () => {
  it('reads the session once and retries the request when a user is still signed in', async () => {
    let attempts = 0;
    const fetchMock = stubApi({
      'GET /api/users/organizations': () =>
        ++attempts === 1
          ? apiError(401, 'UNAUTHENTICATED', 'No user signed in')
          : json({ data: ['retried'] }),
      'GET /api/auth/session': () => json({ data: makeUser() }),
    });
    const lost = vi.fn();
    const unsubscribe = onSessionLost(lost);
    await expect(apiData('/users/organizations')).resolves.toEqual(['retried']);
    unsubscribe();
    expect(callsOf(fetchMock)).toEqual([
      'GET /api/users/organizations',
      'GET /api/auth/session',
      'GET /api/users/organizations',
    ]);
    expect(lost).not.toHaveBeenCalled();
  });

  it('retries only once: a second 401 reports the session lost', async () => {
    const fetchMock = stubApi({
      'GET /api/users/profile': () => apiError(401, 'UNAUTHENTICATED', 'No user signed in'),
      'GET /api/auth/session': () => json({ data: makeUser() }),
    });
    const lost = vi.fn();
    const unsubscribe = onSessionLost(lost);
    await expect(apiData('/users/profile')).rejects.toBeInstanceOf(ApiError);
    unsubscribe();
    expect(callsOf(fetchMock)).toHaveLength(3);
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it("reports whether a registered user's session was lost, and skips the refresh where 401 is an answer", async () => {
    const fetchMock = stubApi({
      'GET /api/users/profile': () => apiError(401, 'UNAUTHENTICATED', 'No user signed in'),
      'POST /api/auth/sign-in/email': () =>
        apiError(401, 'INVALID_CREDENTIALS', 'The email or password you entered is incorrect.'),
      'GET /api/auth/session': () => json({ data: null }),
    });
    const lost = vi.fn();
    const unsubscribe = onSessionLost(lost);

    rememberSessionUser(makeUser());
    await expect(apiData('/users/profile')).rejects.toMatchObject({ status: 401 });
    expect(lost).toHaveBeenLastCalledWith(true);

    await expect(apiData('/users/profile')).rejects.toMatchObject({ status: 401 });
    expect(lost).toHaveBeenLastCalledWith(false);

    fetchMock.mockClear();
    await expect(
      apiData('/auth/sign-in/email', { method: 'POST', body: {}, sessionRefresh: false }),
    ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(callsOf(fetchMock)).toEqual(['POST /api/auth/sign-in/email']);
    expect(lost).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('stores the message, goes to /login where it shows once, and starts a guest session', async () => {
    let signedIn = true;
    const user = makeUser();
    const fetchMock = stubApi({
      'GET /api/auth/session': () => json({ data: signedIn ? user : null }),
      'GET /api/users/profile': () => json({ data: user }),
      'GET /api/users/organizations': () =>
        signedIn ? json({ data: [] }) : apiError(401, 'UNAUTHENTICATED', 'No user signed in'),
      'POST /api/auth/sign-in/anonymous': () => json({ data: { ok: true } }),
    });
    const { router, queryClient } = renderApp('/dashboard/organizations');
    expect(await screen.findByText("You haven't created any organizations yet.")).toBeTruthy();

    // The session ends on the server; the next request finds it gone.
    signedIn = false;
    void queryClient.invalidateQueries({ queryKey: ['user'] });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/dashboard/organizations' });
    expect(await screen.findByText(sessionMessages.expired)).toBeTruthy();
    await waitFor(() => expect(sessionStorage.getItem(AUTH_EXPIRY_KEY)).toBeNull());
    await waitFor(() => expect(callsOf(fetchMock)).toContain('POST /api/auth/sign-in/anonymous'));
  });
});

describe('a session lost before the app listens', () => {
  it('is delivered to the first listener, once', async () => {
    stubApi({
      'GET /api/users/profile': () => apiError(401, 'UNAUTHENTICATED', 'No user signed in'),
      'GET /api/auth/session': () => json({ data: null }),
    });
    rememberSessionUser(makeUser());
    await expect(apiData('/users/profile')).rejects.toMatchObject({ status: 401 });
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = onSessionLost(first);
    const stopSecond = onSessionLost(second);
    expect(first).toHaveBeenCalledWith(true);
    expect(second).not.toHaveBeenCalled();
    stopFirst();
    stopSecond();
  });
});
