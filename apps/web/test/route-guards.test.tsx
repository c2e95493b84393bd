import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Navigate, RouterProvider, useLocation } from 'react-router';
import { dashboardTexts, guardMessages, paymentTexts } from '@si/contracts';
import { discoverAccountRoutes } from '../src/app/router';
import { accessRules, decideAccess } from '../src/app/routes/access';
import { createAccessGuard } from '../src/app/routes/guarded-routes';
import { createQueryClient } from '../src/lib/query-client';
import { originFromState } from '../src/lib/safe-redirect';
import { apiError, guestUser, json, makeUser, renderApp, stubApi } from './auth-fixtures';

afterEach(() => {
  sessionStorage.clear();
});

describe('decideAccess', () => {
  const verifiedRule = accessRules.dashboard;
  it('sends a visitor without a session to /login, without a message', () => {
    expect(decideAccess(null, verifiedRule)).toEqual({ kind: 'login' });
  });
  it("sends a guest to /login with the route's message", () => {
    expect(decideAccess(guestUser, accessRules.create)).toEqual({
      kind: 'login',
      message: guardMessages.permanentAccountToCreate,
    });
  });
  it("sends a guest and a visitor without a session on /payments/* to /login with 'Please sign in to continue'", () => {
    const expected = { kind: 'login', message: guardMessages.signInToContinue };
    expect(guardMessages.signInToContinue).toBe('Please sign in to continue');
    expect(decideAccess(guestUser, accessRules.payments)).toEqual(expected);
    expect(decideAccess(null, accessRules.payments)).toEqual(expected);
    expect(decideAccess(undefined, accessRules.payments)).toEqual(expected);
  });
  it('sends an unverified user to /verify-email-required only where verification is needed', () => {
    const unverified = makeUser({ emailVerified: false });
    expect(decideAccess(unverified, verifiedRule)).toEqual({ kind: 'verify-email' });
    expect(decideAccess(unverified, accessRules.account)).toEqual({ kind: 'allow' });
    expect(decideAccess(unverified, verifiedRule, true)).toEqual({ kind: 'allow' });
  });
  it('lets a verified user in', () => {
    expect(decideAccess(makeUser(), verifiedRule)).toEqual({ kind: 'allow' });
  });
});

describe('guarded routes', () => {
  it('shows Loading... while the session loads, then sends a visitor without a session to /login remembering the path', async () => {
    // A gate opened by the test, not a resolver captured when fetch runs: React may start the
    // session request only after "Loading..." is already on screen.
    let answerSession!: () => void;
    const sessionAnswered = new Promise<void>((resolve) => (answerSession = resolve));
    onTestFinished(() => answerSession());
    stubApi({
      'GET /api/auth/session': () => sessionAnswered.then(() => json({ data: null })),
      'POST /api/auth/sign-in/anonymous': () => apiError(429, 'RATE_LIMITED', 'Slow down'),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { router } = renderApp('/dashboard/settings?tab=1');
    expect(await screen.findByText(guardMessages.loading)).toBeTruthy();
    answerSession();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/dashboard/settings?tab=1' });
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
  });

  it("sends a guest to /login with the route's message", async () => {
    stubApi({ 'GET /api/auth/session': () => json({ data: guestUser }) });
    const { router } = renderApp('/profile');
    expect(await screen.findByText(guardMessages.permanentAccountForFeature)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: '/profile' });
  });

  it('sends a guest on /submit-organization to /login with its own message', async () => {
    stubApi({ 'GET /api/auth/session': () => json({ data: guestUser }) });
    renderApp('/submit-organization');
    expect(await screen.findByText(guardMessages.permanentAccountToCreate)).toBeTruthy();
  });

  it('sends an unverified user to /verify-email-required when the profile agrees', async () => {
    const user = makeUser({ emailVerified: false });
    stubApi({
      'GET /api/auth/session': () => json({ data: user }),
      'GET /api/users/profile': () => json({ data: user }),
    });
    const { router } = renderApp('/dashboard');
    expect(await screen.findByTestId('verification-email')).toBeTruthy();
    expect(screen.getByTestId('verification-email').textContent).toBe('ada@example.org');
    expect(router.state.location.pathname).toBe('/verify-email-required');
    expect(router.state.location.state).toEqual({ from: '/dashboard' });
  });

  it('lets a user in whose profile says the email was verified since the session was read', async () => {
    stubApi({
      'GET /api/auth/session': () => json({ data: makeUser({ emailVerified: false }) }),
      'GET /api/users/profile': () => json({ data: makeUser() }),
    });
    const { router } = renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { name: dashboardTexts.profileInformation }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it("falls back to the session's flag when the profile cannot be read", async () => {
    stubApi({
      'GET /api/auth/session': () => json({ data: makeUser({ emailVerified: false }) }),
      'GET /api/users/profile': () => apiError(403, 'EMAIL_NOT_VERIFIED', 'Verify first'),
    });
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email-required'));
  });

  it('shows the dashboard to a verified user', async () => {
    const user = makeUser();
    stubApi({
      'GET /api/auth/session': () => json({ data: user }),
      'GET /api/users/profile': () => json({ data: user }),
    });
    renderApp('/profile');
    const profile = await screen.findByRole('region', { name: dashboardTexts.profileInformation });
    expect(within(profile).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(profile).getByText('March 3, 2026')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Dashboard - Scaling Impact'));
  });

  it.each([
    ['a visitor without a session', null],
    ['an anonymous guest', guestUser],
  ])("sends %s on a payment page to /login with 'Please sign in to continue'", async (_, user) => {
    stubApi({
      'GET /api/auth/session': () => json({ data: user }),
      // The guest sign-in a visitor without a session is given first fails here.
      'POST /api/auth/sign-in/anonymous': () => apiError(429, 'RATE_LIMITED', 'Slow down'),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const path = '/payments/select/2d732f74-eeed-4db2-b3e6-4a5bcab67d9e?new=1';
    const { router } = renderApp(path);
    expect(await screen.findByText(guardMessages.signInToContinue)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({
      from: path,
      message: guardMessages.signInToContinue,
    });
  });

  it('shows a verified user the canceled-payment page, not a 404', async () => {
    stubApi({ 'GET /api/auth/session': () => json({ data: makeUser() }) });
    renderApp('/payments/canceled');
    expect(
      await screen.findByRole('heading', { level: 1, name: paymentTexts.canceledTitle }),
    ).toBeTruthy();
  });

  it('never shows a page it refuses while its redirect loads, and remembers that page', async () => {
    const user = makeUser({ emailVerified: false });
    stubApi({
      'GET /api/auth/session': () => json({ data: user }),
      'GET /api/users/profile': () => json({ data: user }),
    });
    // /verify-email-required's module arrives only when the test says so, as over a network.
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    onTestFinished(() => arrive());
    const shown: string[] = [];
    function Page({ name }: { name: string }) {
      shown.push(name);
      return <Navigate to="/dashboard" replace />;
    }
    function Remembered() {
      return <p>{`from: ${originFromState(useLocation().state)}`}</p>;
    }
    const queryClient = createQueryClient();
    const path = '/payments/select/2d732f74-eeed-4db2-b3e6-4a5bcab67d9e';
    const router = createMemoryRouter(
      [
        {
          Component: createAccessGuard('payments'),
          children: [{ path: '/payments/select/:orgId', element: <Page name="plans" /> }],
        },
        {
          Component: createAccessGuard('dashboard'),
          children: [{ path: '/dashboard', element: <Page name="dashboard" /> }],
        },
        {
          path: '/verify-email-required',
          lazy: () => arrived.then(() => ({ Component: Remembered })),
        },
      ],
      { initialEntries: [path] },
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await waitFor(() =>
      expect(router.state.navigation.location?.pathname).toBe('/verify-email-required'),
    );
    // Give a page that would render meanwhile every chance to.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shown).toEqual([]);
    expect(screen.getByText(guardMessages.loading)).toBeTruthy();
    arrive();
    expect(await screen.findByText(`from: ${path}`)).toBeTruthy();
    expect(shown).toEqual([]);
    await queryClient.cancelQueries();
  });

  it('never makes a profile link wait for the account routes', async () => {
    const patch = vi.fn();
    const lookup = (path: string) =>
      discoverAccountRoutes({
        path,
        patch,
        signal: new AbortController().signal,
        matches: [],
        fetcherKey: undefined,
      });
    await lookup('/organizations/2d732f74-eeed-4db2-b3e6-4a5bcab67d9e');
    expect(patch).not.toHaveBeenCalled();
    await lookup('/organizations/2d732f74-eeed-4db2-b3e6-4a5bcab67d9e/edit');
    expect(patch).toHaveBeenCalledWith('pages', expect.any(Array));
  });
});
