import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDeletionMessages, signInMessages, type CurrentUser } from '@si/contracts';
import type { Body } from './support/accounts.ts';
import { createAgent, socialSignIn } from './support/browser-agent.ts';
import { startGitHubStandIn, type GitHubStandIn } from './support/github-stand-in.ts';
import { startGoogleProvider, type GoogleProvider } from './support/google-provider.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

describe('Google and GitHub sign-in', () => {
  let ctx: TestContext;
  let google: GoogleProvider;
  let github: GitHubStandIn;

  beforeAll(async () => {
    google = await startGoogleProvider();
    github = await startGitHubStandIn();
    ctx = await createTestApp({ ...google.env, ...github.env, RATE_LIMITS: 'off' });
  });
  afterAll(async () => {
    await ctx.close();
    await google.close();
    await github.close();
  });

  it('signs in with Google, verified, and lands on the callback path', async () => {
    const browser = createAgent(ctx.app);
    google.setNextUser({ sub: 'g-100', email: 'gina@example.com', name: 'Gina Google' });
    const callback = await socialSignIn(browser, 'google', '/dashboard');
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe('/dashboard');
    const me = (await browser.get<Body<CurrentUser>>('/api/auth/session')).body.data;
    expect(me).toMatchObject({
      email: 'gina@example.com',
      displayName: 'Gina Google',
      emailVerified: true,
      isAnonymous: false,
      providers: ['google'],
    });
  });

  it('links a guest to GitHub: the guest is replaced by the GitHub account in the same browser', async () => {
    const browser = createAgent(ctx.app);
    await browser.post('/api/auth/sign-in/anonymous');
    const guest = (await browser.get<Body<CurrentUser>>('/api/auth/session')).body.data;
    expect(guest.isAnonymous).toBe(true);

    github.setNextUser({ id: 2002, login: 'octo', name: 'Octo Cat', email: 'octo@example.com' });
    const callback = await socialSignIn(browser, 'github', '/profile');
    expect(callback.headers.location).toBe('/profile');
    const me = (await browser.get<Body<CurrentUser>>('/api/auth/session')).body.data;
    expect(me).toMatchObject({
      email: 'octo@example.com',
      displayName: 'Octo Cat',
      emailVerified: true,
      providers: ['github'],
    });
    expect(me.id).not.toBe(guest.id);
    // The guest account is gone: its id no longer answers anywhere.
    const purged = await ctx.database.db.execute(
      `select count(*)::int as n from users where id = '${guest.id}'`,
    );
    expect((purged as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('links a guest to Google', async () => {
    const browser = createAgent(ctx.app);
    await browser.post('/api/auth/sign-in/anonymous');
    google.setNextUser({ sub: 'g-200', email: 'gus@example.com', name: 'Gus' });
    await socialSignIn(browser, 'google', '/');
    const me = (await browser.get<Body<CurrentUser>>('/api/auth/session')).body.data;
    expect(me).toMatchObject({
      email: 'gus@example.com',
      isAnonymous: false,
      providers: ['google'],
    });
  });

  it('refuses a social sign-in whose email belongs to a password account, and says so', async () => {
    const owner = createAgent(ctx.app);
    await owner.post('/api/auth/sign-up/email', {
      email: 'pat@example.com',
      password: 'secret1',
      name: '',
    });
    const browser = createAgent(ctx.app);
    google.setNextUser({ sub: 'g-300', email: 'pat@example.com', name: 'Pat' });
    const callback = await socialSignIn(browser, 'google', '/dashboard');
    expect(callback.status).toBe(302);
    const location = new URL(String(callback.headers.location), 'http://x');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBe('SOCIAL_EMAIL_HAS_PASSWORD');
    expect(location.searchParams.get('provider')).toBe('google');
    expect((await browser.get<Body<null>>('/api/auth/session')).body.data).toBeNull();
  });

  it('refuses a social sign-in whose email belongs to an account of another provider', async () => {
    github.setNextUser({ id: 4004, login: 'sam', name: 'Sam', email: 'sam@example.com' });
    await socialSignIn(createAgent(ctx.app), 'github', '/');
    google.setNextUser({ sub: 'g-400', email: 'sam@example.com', name: 'Sam' });
    const browser = createAgent(ctx.app);
    const callback = await socialSignIn(browser, 'google', '/dashboard');
    const location = new URL(String(callback.headers.location), 'http://x');
    expect(location.searchParams.get('error')).toBe('ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL');
    expect((await browser.get<Body<null>>('/api/auth/session')).body.data).toBeNull();
  });

  it('reports a cancelled GitHub authorization with its code', async () => {
    const browser = createAgent(ctx.app);
    github.setNextUser(null);
    const callback = await socialSignIn(browser, 'github', '/dashboard');
    const location = new URL(String(callback.headers.location), 'http://x');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBe('USER_CANCELLED');
    expect(location.searchParams.get('provider')).toBe('github');
  });

  it('never sends the browser to another site after sign-in', async () => {
    const browser = createAgent(ctx.app);
    const start = await browser.post('/api/auth/sign-in/social', {
      provider: 'github',
      callbackURL: 'https://evil.example/steal',
    });
    expect(start.status).toBe(403);
    const protocolRelative = await browser.post('/api/auth/sign-in/social', {
      provider: 'github',
      callbackURL: '//evil.example/steal',
    });
    expect(protocolRelative.status).toBe(403);
  });

  it('asks a social account to sign in again before deleting it, then deletes it', async () => {
    const browser = createAgent(ctx.app);
    github.setNextUser({ id: 3003, login: 'del', name: 'Del', email: 'del@example.com' });
    await socialSignIn(browser, 'github', '/');
    const me = (await browser.get<Body<CurrentUser>>('/api/auth/session')).body.data;
    // Make the sign-in older than the re-authentication window.
    await ctx.database.db.execute(
      `update sessions set created_at = now() - interval '10 minutes' where user_id = '${me.id}'`,
    );
    const stale = await browser.delete('/api/users/me', { confirmation: 'DELETE' });
    expect(stale.status).toBe(403);
    expect(stale.body.error).toEqual({
      code: 'REAUTHENTICATION_REQUIRED',
      message: accountDeletionMessages.reauthRequired('GitHub'),
    });
    github.setNextUser({ id: 3003, login: 'del', name: 'Del', email: 'del@example.com' });
    await socialSignIn(browser, 'github', '/dashboard/settings');
    const fresh = await browser.delete('/api/users/me', { confirmation: 'DELETE' });
    expect(fresh.status).toBe(200);
    expect((await browser.get<Body<null>>('/api/auth/session')).body.data).toBeNull();
  });
});

describe('social sign-in without configuration', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMITS: 'off' });
  });
  afterAll(() => ctx.close());

  it("answers the product's 'not properly configured' message for each provider", async () => {
    const browser = createAgent(ctx.app);
    const githubAnswer = await browser.post('/api/auth/sign-in/social', {
      provider: 'github',
      callbackURL: '/',
    });
    expect(githubAnswer.status).toBe(400);
    expect(githubAnswer.body.error).toEqual({
      code: 'PROVIDER_NOT_CONFIGURED',
      message: 'GitHub authentication is not properly configured. Please contact support.',
    });
    const googleAnswer = await browser.post('/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/',
    });
    expect(googleAnswer.body.error?.message).toBe(signInMessages.providerNotConfigured('Google'));
  });
});
