import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DISPLAY_NAME_MAX_LENGTH,
  passwordMessages,
  type CurrentUser,
  type ErrorBody,
} from '@si/contracts';
import { signUp, type Body } from '../support/accounts.ts';
import { createAgent } from '../support/browser-agent.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';

describe('tokens and user-written fields', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Per-address limits off; the per-email limit on reset links is what one test checks.
    ctx = await createTestApp({ RATE_LIMIT_AUTH_MAX: '1000', RATE_LIMIT_GUEST_MAX: '1000' });
  });
  afterAll(() => ctx.close());

  const resetTokens = async (email: string) => {
    const result = (await ctx.database.db.execute(
      sql`select text from email_outbox where recipient = ${email} and subject ilike '%reset%' order by id`,
    )) as unknown as { rows: { text: string }[] };
    return result.rows.map((row) => /[?&]token=([\w-]+)/.exec(row.text)![1]!);
  };
  const requestReset = (email: string) =>
    createAgent(ctx.app).post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/reset-password',
    });
  const resetWith = (token: string, newPassword: string) =>
    createAgent(ctx.app).post('/api/auth/reset-password', { token, newPassword });

  it('stores reset tokens hashed: the table holds no working link', async () => {
    await signUp(ctx, 'hash@example.com');
    await requestReset('hash@example.com');
    const [token] = await resetTokens('hash@example.com');
    const stored = (await ctx.database.db.execute(
      sql`select identifier, value from verifications where identifier like 'reset-password%'`,
    )) as unknown as { rows: { identifier: string; value: string }[] };
    expect(stored.rows.length).toBeGreaterThan(0);
    for (const row of stored.rows) {
      expect(row.identifier).not.toContain(token);
      expect(row.value).not.toContain(token);
    }
    // What is stored does not work as a link either.
    const storedAsToken = stored.rows[0]!.identifier.split(':')[1]!;
    const forged = await resetWith(storedAsToken, 'forged-1');
    expect(forged.status).toBe(400);
    expect(forged.body.error?.message).toBe(passwordMessages.resetLinkInvalid);
    expect((await resetWith(token!, 'newsecret')).status).toBe(200);
  });

  it('a newer reset request makes the older links stop working', async () => {
    await signUp(ctx, 'twice@example.com');
    await requestReset('twice@example.com');
    await requestReset('twice@example.com');
    const [older, newer] = await resetTokens('twice@example.com');
    expect(older).not.toBe(newer);
    const stale = await resetWith(older!, 'from-old-1');
    expect(stale.status).toBe(400);
    expect(stale.body.error?.code).toBe('INVALID_RESET_TOKEN');
    expect((await resetWith(newer!, 'from-new-1')).status).toBe(200);
    const signIn = await createAgent(ctx.app).post('/api/auth/sign-in/email', {
      email: 'twice@example.com',
      password: 'from-new-1',
    });
    expect(signIn.status).toBe(200);
  });

  it('limits the display name and takes only http(s) profile images', async () => {
    const { browser } = await signUp(ctx, 'names@example.com');
    const tooLong = await browser.post<ErrorBody>('/api/auth/update-user', {
      name: 'x'.repeat(DISPLAY_NAME_MAX_LENGTH + 1),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields?.name).toMatch(/at most 80/);
    const huge = await browser.post('/api/auth/update-user', { name: 'x'.repeat(500_000) });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);

    for (const image of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://x.example/a.png']) {
      const refused = await browser.post<ErrorBody>('/api/auth/update-user', { image });
      expect(refused.status, image).toBe(400);
      expect(refused.body.error.fields?.image).toMatch(/valid URL/);
    }
    const signUpWithScript = await createAgent(ctx.app).post('/api/auth/sign-up/email', {
      email: 'script@example.com',
      password: 'secret1',
      name: 'x'.repeat(DISPLAY_NAME_MAX_LENGTH + 1),
      image: 'javascript:alert(1)',
    });
    expect(signUpWithScript.status).toBe(400);

    expect(
      (await browser.post('/api/auth/update-user', { image: 'https://example.com/me.png' })).status,
    ).toBe(200);
    const stored = (await ctx.database.db.execute(
      sql`select name, image from users where email = 'names@example.com'`,
    )) as unknown as { rows: { name: string; image: string }[] };
    expect(stored.rows[0]).toEqual({ name: '', image: 'https://example.com/me.png' });
  });

  it('never hands a cookie session token to page scripts', async () => {
    const browser = createAgent(ctx.app);
    const guest = await browser.post('/api/auth/sign-in/anonymous');
    const up = await browser.post('/api/auth/sign-up/email', {
      email: 'cookie@example.com',
      password: 'secret1',
      name: '',
    });
    const session = await browser.get('/api/auth/get-session');
    const inAnswer = await browser.post('/api/auth/sign-in/email', {
      email: 'cookie@example.com',
      password: 'secret1',
    });
    // Asking for bearer mode with the cookie does not change that.
    const asked = await browser.call('GET', '/api/auth/get-session', undefined, {
      'x-auth-mode': 'bearer',
    });
    // A bogus bearer token beside the cookie: better-auth falls back to the cookie's session.
    const bogus = await browser.call('GET', '/api/auth/get-session', undefined, {
      authorization: 'Bearer forged.token',
    });
    expect((bogus.body as Body<{ user: unknown }>).data.user).toBeTruthy();
    for (const answer of [guest, up, session, inAnswer, asked, bogus]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['set-auth-token']).toBeUndefined();
      const cookieValue = [...browser.jar.values()].find((value) => value.length > 20)!;
      const text = JSON.stringify(answer.body);
      expect(text).not.toMatch(/"token"/);
      expect(text).not.toContain(cookieValue.split('.')[0]);
    }
    expect(
      (session.body as Body<{ session: Record<string, unknown> }>).data.session,
    ).not.toHaveProperty('token');
  });

  it('answers only the identity calls the product uses: the rest of better-auth is not reachable', async () => {
    const { browser } = await signUp(ctx, 'reach@example.com');
    for (const [method, path, body] of [
      ['POST', '/api/auth/verify-password', { password: 'secret1' }],
      ['POST', '/api/auth/get-access-token', { providerId: 'google' }],
      ['POST', '/api/auth/refresh-token', { providerId: 'google' }],
      ['GET', '/api/auth/list-sessions', undefined],
      ['GET', '/api/auth/list-accounts', undefined],
      ['POST', '/api/auth/revoke-sessions', {}],
      ['POST', '/api/auth/update-session', {}],
      ['GET', '/api/auth/sign-out', undefined],
      ['GET', '/api/auth/no-such-call', undefined],
    ] as const) {
      const answer = await browser.call<ErrorBody>(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.error.code, `${method} ${path}`).toBe('NOT_FOUND');
    }
    // Wrong passwords there would have been unlimited guesses; the session is untouched.
    expect((await browser.get('/api/users/profile')).status).toBe(200);
  });

  it('sends at most a few reset links per email and window; the newest keeps working', async () => {
    await signUp(ctx, 'flood@example.com');
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt++)
      answers.push(await requestReset('flood@example.com'));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    const tokens = await resetTokens('flood@example.com');
    expect(tokens).toHaveLength(3);
    expect((await resetWith(tokens.at(-1)!, 'survives-1')).status).toBe(200);
  });

  it('gives the token to a client that asks for bearer authentication', async () => {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'x-auth-mode': 'bearer' },
      payload: { email: 'cli@example.com', password: 'secret1', name: 'CLI' },
    });
    expect(answer.statusCode).toBe(200);
    const { token } = answer.json<{ data: { token: string } }>().data;
    expect(token).toBeTruthy();
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.json<Body<CurrentUser>>().data.email).toBe('cli@example.com');
  });
});

describe('headers and pages', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMITS: 'off' });
  });
  afterAll(() => ctx.close());

  it('sends a Permissions-Policy on pages and API answers', async () => {
    for (const url of ['/', '/api/categories', '/no-such-page']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['permissions-policy'], url).toMatch(/camera=\(\)/);
      expect(response.headers['permissions-policy'], url).toMatch(/geolocation=\(\)/);
    }
  });

  it('sends /index.html to the home page instead of the raw template', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/index.html' });
    expect(plain.statusCode).toBe(301);
    expect(plain.headers.location).toBe('/');
    const withQuery = await ctx.app.inject({ method: 'GET', url: '/index.html?country=FR' });
    expect(withQuery.headers.location).toBe('/?country=FR');
  });
});
