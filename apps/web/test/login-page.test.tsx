import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  authFormTexts,
  forgotPasswordTexts,
  guardMessages,
  passwordMessages,
  sessionMessages,
  signInMessages,
} from '@si/contracts';
import { AUTH_EXPIRY_KEY } from '../src/lib/session-lost-message';
import { apiError, callsOf, guestUser, json, makeUser, renderApp, stubApi } from './auth-fixtures';

afterEach(() => {
  sessionStorage.clear();
});

const asGuest = { 'GET /api/auth/session': () => json({ data: guestUser }) };

describe('/login and /signup', () => {
  it('shows the message passed in navigation state, and the guest subtitle', async () => {
    stubApi(asGuest);
    renderApp({ pathname: '/login', state: { message: guardMessages.signInToEdit } });
    expect(await screen.findByText(guardMessages.signInToEdit)).toBeTruthy();
    expect(await screen.findByText(authFormTexts.loginGuestSubtitle)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Log In - Scaling Impact'));
  });

  it('shows the session-expiry message from session storage once, then removes it', async () => {
    sessionStorage.setItem(AUTH_EXPIRY_KEY, sessionMessages.expired);
    stubApi(asGuest);
    const { router } = renderApp('/login');
    expect(await screen.findByTestId('auth-expiry-message')).toBeTruthy();
    expect(screen.getByText(sessionMessages.expired)).toBeTruthy();
    await waitFor(() => expect(sessionStorage.getItem(AUTH_EXPIRY_KEY)).toBeNull());

    await router.navigate('/signup');
    expect(await screen.findByRole('heading', { name: authFormTexts.signupHeading })).toBeTruthy();
    await router.navigate('/login');
    expect(await screen.findByRole('heading', { name: authFormTexts.loginHeading })).toBeTruthy();
    expect(screen.queryByText(sessionMessages.expired)).toBeNull();
  });

  it('shows the error a social sign-in came back with, then cleans the address', async () => {
    stubApi(asGuest);
    const { router } = renderApp({
      pathname: '/login',
      search: '?error=PROVIDER_NOT_CONFIGURED&provider=github',
      state: { from: '/dashboard' },
    });
    expect(await screen.findByText(signInMessages.providerNotConfigured('GitHub'))).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.state).toEqual({ from: '/dashboard' });
    expect(screen.getByText(signInMessages.providerNotConfigured('GitHub'))).toBeTruthy();
  });

  it('asks for cookies when the browser blocks them, before any attempt', async () => {
    stubApi(asGuest);
    vi.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    renderApp('/login');
    expect(await screen.findByText(signInMessages.webStorageUnsupported)).toBeTruthy();
  });

  it('offers the recovery links when a social email already has a password account', async () => {
    stubApi(asGuest);
    renderApp({ pathname: '/login', search: '?error=SOCIAL_EMAIL_HAS_PASSWORD&provider=google' });
    const alert = await screen.findByTestId('auth-error');
    expect(within(alert).getByText(signInMessages.socialEmailHasPassword)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: authFormTexts.resetPassword })).toBeTruthy();
  });

  it('offers Sign in with password and Reset password when the email is already registered', async () => {
    const fetchMock = stubApi({
      ...asGuest,
      'POST /api/auth/sign-up/email': () =>
        apiError(422, 'EMAIL_IN_USE', signInMessages.emailInUse),
    });
    renderApp('/signup');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(authFormTexts.email), 'ada@example.org');
    await user.type(screen.getByLabelText(authFormTexts.password), 'secret1');
    await user.click(screen.getByRole('button', { name: authFormTexts.signupSubmit }));

    const alert = await screen.findByTestId('auth-error');
    expect(within(alert).getByText(signInMessages.emailInUse)).toBeTruthy();
    expect(
      within(alert)
        .getByRole('link', { name: authFormTexts.signInWithPassword })
        .getAttribute('href'),
    ).toBe('/login');
    expect(
      within(alert).getByRole('link', { name: authFormTexts.resetPassword }).getAttribute('href'),
    ).toBe('/forgot-password');
    // What was typed stays; the sign-up body has the empty name the API expects.
    expect((screen.getByLabelText(authFormTexts.email) as HTMLInputElement).value).toBe(
      'ada@example.org',
    );
    const signUp = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/sign-up/email'));
    expect(JSON.parse(String(signUp?.[1]?.body))).toEqual({
      email: 'ada@example.org',
      password: 'secret1',
      name: '',
    });
  });

  it('clears the server’s message when the form is sent again, even when it does not pass', async () => {
    stubApi({
      ...asGuest,
      'POST /api/auth/sign-up/email': () =>
        apiError(422, 'EMAIL_IN_USE', signInMessages.emailInUse),
    });
    renderApp('/signup');
    const user = userEvent.setup();
    const email = await screen.findByLabelText(authFormTexts.email);
    const password = screen.getByLabelText(authFormTexts.password);
    await user.type(email, 'ada@example.org');
    await user.type(password, 'secret1');
    await user.click(screen.getByRole('button', { name: authFormTexts.signupSubmit }));
    expect(await screen.findByText(signInMessages.emailInUse)).toBeTruthy();

    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.clear(password);
    await user.type(password, '123');
    await user.click(screen.getByRole('button', { name: authFormTexts.signupSubmit }));
    expect(await screen.findByText(passwordMessages.tooShort)).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.queryByText(signInMessages.emailInUse)).toBeNull();
    expect(screen.queryByTestId('auth-error')).toBeNull();
  });

  it('clears the reset request’s failure when the form is sent again with a bad email', async () => {
    stubApi({
      ...asGuest,
      'POST /api/auth/request-password-reset': () => apiError(500, 'INTERNAL', 'Mail is down.'),
    });
    renderApp('/forgot-password');
    const user = userEvent.setup();
    const email = await screen.findByLabelText(authFormTexts.email);
    await user.type(email, 'ada@example.org');
    await user.click(screen.getByRole('button', { name: forgotPasswordTexts.submit }));
    expect(await screen.findByText(passwordMessages.resetFailed('Mail is down.'))).toBeTruthy();

    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: forgotPasswordTexts.submit }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.queryByText(passwordMessages.resetFailed('Mail is down.'))).toBeNull();
  });

  it('shows no recovery links for a wrong password', async () => {
    stubApi({
      ...asGuest,
      'POST /api/auth/sign-in/email': () =>
        apiError(401, 'INVALID_CREDENTIALS', signInMessages.invalidCredentials),
    });
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(authFormTexts.email), 'ada@example.org');
    await user.type(screen.getByLabelText(authFormTexts.password), 'nope');
    await user.click(screen.getByRole('button', { name: authFormTexts.loginSubmit }));
    const alert = await screen.findByTestId('auth-error');
    expect(alert.textContent).toContain(signInMessages.invalidCredentials);
    expect(within(alert).queryByRole('link')).toBeNull();
    // A wrong password is an answer, not a lost session: no session refresh, no redirect.
    expect(sessionStorage.getItem(AUTH_EXPIRY_KEY)).toBeNull();
  });

  it('validates the form before calling the API', async () => {
    const fetchMock = stubApi(asGuest);
    renderApp('/signup');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(authFormTexts.email), 'not-an-email');
    await user.type(screen.getByLabelText(authFormTexts.password), '123');
    await user.click(screen.getByRole('button', { name: authFormTexts.signupSubmit }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByText(passwordMessages.tooShort)).toBeTruthy();
    expect(callsOf(fetchMock)).not.toContain('POST /api/auth/sign-up/email');
  });

  it('signs in, syncs the user, and goes back to the page the guard remembered', async () => {
    let signedIn = false;
    const fetchMock = stubApi({
      'GET /api/auth/session': () => json({ data: signedIn ? makeUser() : guestUser }),
      'POST /api/auth/sign-in/email': () => {
        signedIn = true;
        return json({ data: { redirect: false } });
      },
      'POST /api/auth/sync-user': () => json({ data: makeUser() }),
      'GET /api/users/profile': () => json({ data: makeUser() }),
      'GET /api/users/organizations': () => json({ data: [] }),
    });
    const { router } = renderApp({
      pathname: '/login',
      state: {
        from: '/dashboard/organizations',
        message: guardMessages.permanentAccountForFeature,
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(authFormTexts.email), 'ada@example.org');
    await user.type(screen.getByLabelText(authFormTexts.password), 'secret1');
    await user.click(screen.getByRole('button', { name: authFormTexts.loginSubmit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/organizations'));
    const calls = callsOf(fetchMock);
    expect(calls.indexOf('POST /api/auth/sync-user')).toBeGreaterThan(
      calls.indexOf('POST /api/auth/sign-in/email'),
    );
  });

  it('holds a sign-in until the guest sign-in already on its way has answered', async () => {
    let openGuest!: () => void;
    const guestGate = new Promise<void>((resolve) => (openGuest = resolve));
    // Opened whatever happens: session work waits its turn, and the next test must get one.
    onTestFinished(() => openGuest());
    let guestAnswered = false;
    let signInSentAfterGuest: boolean | undefined;
    const fetchMock = stubApi({
      'GET /api/auth/session': () => json({ data: null }),
      'POST /api/auth/sign-in/anonymous': () =>
        guestGate.then(() => {
          guestAnswered = true;
          return json({ data: { user: guestUser } });
        }),
      'POST /api/auth/sign-in/email': () => {
        signInSentAfterGuest = guestAnswered;
        return json({ data: { redirect: false } });
      },
    });
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(authFormTexts.email), 'ada@example.org');
    await user.type(screen.getByLabelText(authFormTexts.password), 'secret1');
    await waitFor(() => expect(callsOf(fetchMock)).toContain('POST /api/auth/sign-in/anonymous'));
    const submit = screen.getByRole('button', { name: authFormTexts.loginSubmit });
    await user.click(submit);
    // The form is submitting, but the sign-in waits: its cookie must be the last one set.
    await waitFor(() => expect(submit.getAttribute('aria-busy')).toBe('true'));
    expect(callsOf(fetchMock)).not.toContain('POST /api/auth/sign-in/email');
    openGuest();
    await waitFor(() => expect(callsOf(fetchMock)).toContain('POST /api/auth/sign-in/email'));
    expect(signInSentAfterGuest).toBe(true);
  });

  it('holds a sign-in until the session read under way has answered', async () => {
    // The read after the guest sign-in is slow. Answered after the sign-in, it would clear the
    // new session's cookie (its own session, the guest's, is gone by then).
    let openSecondRead!: () => void;
    const secondRead = new Promise<void>((resolve) => (openSecondRead = resolve));
    onTestFinished(() => openSecondRead());
    let reads = 0;
    let readsAnswered = 0;
    let readsAnsweredAtSignIn: number | undefined;
    const fetchMock = stubApi({
      'GET /api/auth/session': async () => {
        reads += 1;
        if (reads === 2) await secondRead;
        readsAnswered += 1;
        return json({ data: reads === 1 ? null : guestUser });
      },
      'POST /api/auth/sign-in/anonymous': () => json({ data: { user: guestUser } }),
      'POST /api/auth/sign-in/email': () => {
        readsAnsweredAtSignIn = readsAnswered;
        return json({ data: { redirect: false } });
      },
    });
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(authFormTexts.email), 'ada@example.org');
    await user.type(screen.getByLabelText(authFormTexts.password), 'secret1');
    await waitFor(() => expect(reads).toBe(2));
    const submit = screen.getByRole('button', { name: authFormTexts.loginSubmit });
    await user.click(submit);
    await waitFor(() => expect(submit.getAttribute('aria-busy')).toBe('true'));
    expect(callsOf(fetchMock)).not.toContain('POST /api/auth/sign-in/email');
    openSecondRead();
    await waitFor(() => expect(callsOf(fetchMock)).toContain('POST /api/auth/sign-in/email'));
    expect(readsAnsweredAtSignIn).toBe(2);
  });

  it('sends a signed-in registered user on /login to the home page', async () => {
    stubApi({ 'GET /api/auth/session': () => json({ data: makeUser() }) });
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
