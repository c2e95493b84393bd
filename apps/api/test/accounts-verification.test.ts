import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInMessages, verificationMessages, type CurrentUser } from '@si/contracts';
import { signUp, startAppWithMailbox, stopAppWithMailbox, type Body } from './support/accounts.ts';
import { createAgent } from './support/browser-agent.ts';
import { linkIn, type Mailbox } from './support/mailbox.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestContext } from './support/test-app.ts';

describe('email verification, sync and the rules of linking', () => {
  let ctx: TestContext;
  let mailbox: Mailbox;

  beforeAll(async () => ({ ctx, mailbox } = await startAppWithMailbox()));
  afterAll(() => stopAppWithMailbox(ctx, mailbox));

  it('resends a verification link; only the newest link works', async () => {
    const { browser } = await signUp(ctx, 'nia@example.com', { verified: false });
    await ctx.app.emailRelay.drain();
    const first = linkIn(mailbox.latest('nia@example.com', /verify/i), '/verify-email');

    const resend = await browser.post<Body<{ success: boolean; message: string }>>(
      '/api/auth/resend-verification',
    );
    expect(resend.status).toBe(200);
    expect(resend.body.data).toEqual({ success: true, message: verificationMessages.resent });
    await ctx.app.emailRelay.drain();
    const second = linkIn(mailbox.latest('nia@example.com', /verify/i), '/verify-email');
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));

    expect((await browser.get(`/api/auth/verify-email${first.search}`)).status).toBe(400);
    expect((await browser.get(`/api/auth/verify-email${second.search}`)).status).toBe(200);

    const already = await browser.post('/api/auth/resend-verification');
    expect(already.status).toBe(400);
    expect(already.body.error?.message).toBe(verificationMessages.alreadyVerified);
  });

  it('refuses an expired link, a link for another user, and a link missing a part', async () => {
    const { id } = await signUp(ctx, 'oli@example.com', { verified: false });
    await ctx.app.emailRelay.drain();
    const link = linkIn(mailbox.latest('oli@example.com', /verify/i), '/verify-email');
    const token = link.searchParams.get('token')!;
    const browser = createAgent(ctx.app);

    const missing = await browser.get(`/api/auth/verify-email?token=${token}`);
    expect(missing.status).toBe(400);
    expect(missing.body.error?.message).toBe(verificationMessages.missingInformation);

    const otherUser = await browser.get(
      `/api/auth/verify-email?token=${token}&userId=someone-else`,
    );
    expect(otherUser.body.error?.message).toBe(verificationMessages.linkInvalid);

    await ctx.database.db.execute(
      sql`update verifications set expires_at = now() - interval '1 second' where identifier = ${`email-verification:${id}`}`,
    );
    const expired = await browser.get(`/api/auth/verify-email${link.search}`);
    expect(expired.status).toBe(400);
    expect(expired.body.error?.message).toBe(verificationMessages.linkInvalid);
  });

  it('asks for a signed-in account to resend, and refuses a guest', async () => {
    const nobody = await createAgent(ctx.app).post('/api/auth/resend-verification');
    expect(nobody.status).toBe(401);
    expect(nobody.body.error?.message).toBe(verificationMessages.mustBeLoggedIn);
    const guest = createAgent(ctx.app);
    await guest.post('/api/auth/sign-in/anonymous');
    const asGuest = await guest.post('/api/auth/resend-verification');
    expect(asGuest.status).toBe(401);
    expect(asGuest.body.error?.message).toBe(verificationMessages.mustBeLoggedIn);
  });

  it('syncs the user idempotently and needs a session for it', async () => {
    const { browser, id } = await signUp(ctx, 'pia@example.com');
    const first = await browser.post<Body<CurrentUser>>('/api/auth/sync-user');
    const second = await browser.post<Body<CurrentUser>>('/api/auth/sync-user');
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(first.body.data).toMatchObject({ id, email: 'pia@example.com', emailVerified: true });
    const anonymous = await createAgent(ctx.app).post('/api/auth/sync-user');
    expect(anonymous.status).toBe(401);
    expect((await createAgent(ctx.app).get('/api/users/profile')).status).toBe(401);
  });

  it("refuses to link a user who is not a guest ('User is not anonymous')", async () => {
    const { browser } = await signUp(ctx, 'quin@example.com');
    const link = await browser.post('/api/auth/sign-up/email', {
      email: 'quin-2@example.com',
      password: 'secret1',
      name: '',
    });
    expect(link.status).toBe(400);
    expect(link.body.error).toEqual({
      code: 'USER_NOT_ANONYMOUS',
      message: signInMessages.notAnonymous,
    });
  });

  it('refuses a sign-up posted from another site', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://evil.example', cookie: 'si.session_token=x' },
      payload: { email: 'csrf@example.com', password: 'secret1', name: '' },
    });
    expect(response.statusCode).toBe(403);
    const created = (await ctx.database.db.execute(
      sql`select count(*)::int as n from users where email = 'csrf@example.com'`,
    )) as unknown as { rows: { n: number }[] };
    expect(created.rows[0]?.n).toBe(0);
    expect(TEST_PUBLIC_URL).not.toContain('evil');
  });
});

describe('rate limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The test's requests come from loopback, a proxy that names each client's address.
    ctx = await createTestApp({
      RATE_LIMIT_AUTH_MAX: '2',
      RATE_LIMIT_GUEST_MAX: '2',
      TRUST_PROXY: 'loopback',
    });
  });
  afterAll(() => ctx.close());

  it("answers the product's 'too many requests' message once an address used its attempts", async () => {
    const browser = createAgent(ctx.app, { ip: '203.0.113.7' });
    const attempt = () =>
      browser.post('/api/auth/sign-in/email', { email: 'x@example.com', password: 'wrong-1' });
    expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(401);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toEqual({
      code: 'RATE_LIMITED',
      message: signInMessages.tooManyRequests,
    });
    // Another address still has its own attempts.
    const other = createAgent(ctx.app, { ip: '203.0.113.8' });
    expect(
      (await other.post('/api/auth/sign-in/email', { email: 'x@example.com', password: 'wrong-1' }))
        .status,
    ).toBe(401);
  });

  it('limits guest creation, password reset and resend-verification per address', async () => {
    const ip = '198.51.100.4';
    const guest = () => createAgent(ctx.app, { ip }).post('/api/auth/sign-in/anonymous');
    expect((await guest()).status).toBe(200);
    expect((await guest()).status).toBe(200);
    expect((await guest()).status).toBe(429);

    const reset = () =>
      createAgent(ctx.app, { ip }).post('/api/auth/request-password-reset', {
        email: 'y@example.com',
        redirectTo: '/reset-password',
      });
    await reset();
    await reset();
    expect((await reset()).status).toBe(429);

    const resend = () => createAgent(ctx.app, { ip }).post('/api/auth/resend-verification');
    await resend();
    await resend();
    expect((await resend()).status).toBe(429);
  });
});

describe('rate limits switched off', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMITS: 'off', RATE_LIMIT_AUTH_MAX: '1' });
  });
  afterAll(() => ctx.close());

  it('never answers 429 with RATE_LIMITS=off', async () => {
    const browser = createAgent(ctx.app, { ip: '192.0.2.1' });
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const answer = await browser.post('/api/auth/sign-in/email', {
        email: 'z@example.com',
        password: 'wrong-1',
      });
      expect(answer.status).toBe(401);
    }
  });
});
