import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordMessages, signInMessages, type CurrentUser } from '@si/contracts';
import { signUp, startAppWithMailbox, stopAppWithMailbox, type Body } from './support/accounts.ts';
import { createAgent } from './support/browser-agent.ts';
import { linkIn, type Mailbox } from './support/mailbox.ts';
import type { TestContext } from './support/test-app.ts';

describe('password reset, password change, display name and sign-out', () => {
  let ctx: TestContext;
  let mailbox: Mailbox;

  beforeAll(async () => ({ ctx, mailbox } = await startAppWithMailbox()));
  afterAll(() => stopAppWithMailbox(ctx, mailbox));
  beforeEach(() => {
    mailbox.messages.length = 0;
  });

  const requestReset = async (email: string) => {
    const answer = await createAgent(ctx.app).post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/reset-password',
    });
    await ctx.app.emailRelay.drain();
    return answer;
  };

  it('resets a password with the emailed link, once, and ends the old sessions', async () => {
    const { browser } = await signUp(ctx, 'rosa@example.com');
    const answer = await requestReset('rosa@example.com');
    expect(answer.status).toBe(200);
    const link = linkIn(mailbox.latest('rosa@example.com', /reset/i), '/reset-password');
    const token = link.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await createAgent(ctx.app).post('/api/auth/reset-password', {
      token,
      newPassword: 'newsecret',
    });
    expect(reset.status).toBe(200);
    expect((await browser.get<Body<null>>('/api/auth/session')).body.data).toBeNull();

    const again = await createAgent(ctx.app).post('/api/auth/reset-password', {
      token,
      newPassword: 'another1',
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({
      code: 'INVALID_RESET_TOKEN',
      message: passwordMessages.resetLinkInvalid,
    });

    const old = await createAgent(ctx.app).post('/api/auth/sign-in/email', {
      email: 'rosa@example.com',
      password: 'secret1',
    });
    expect(old.status).toBe(401);
    const fresh = await createAgent(ctx.app).post('/api/auth/sign-in/email', {
      email: 'rosa@example.com',
      password: 'newsecret',
    });
    expect(fresh.status).toBe(200);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const known = await requestReset('rosa@example.com');
    const unknown = await requestReset('nobody@example.com');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(mailbox.to('nobody@example.com')).toHaveLength(0);
    expect(mailbox.to('rosa@example.com').length).toBeGreaterThan(0);
  });

  it('refuses an expired reset link and a new password under 6 characters', async () => {
    await signUp(ctx, 'tom@example.com');
    await requestReset('tom@example.com');
    const token = linkIn(
      mailbox.latest('tom@example.com', /reset/i),
      '/reset-password',
    ).searchParams.get('token');
    const short = await createAgent(ctx.app).post('/api/auth/reset-password', {
      token,
      newPassword: '12345',
    });
    expect(short.status).toBe(400);
    expect(short.body.error?.message).toBe(passwordMessages.tooShort);

    await ctx.database.db.execute(
      sql`update verifications set expires_at = now() - interval '1 second' where identifier like 'reset-password%'`,
    );
    const expired = await createAgent(ctx.app).post('/api/auth/reset-password', {
      token,
      newPassword: 'newsecret',
    });
    expect(expired.status).toBe(400);
    expect(expired.body.error?.code).toBe('INVALID_RESET_TOKEN');
  });

  it('changes the password with the current one, ending the other sessions', async () => {
    const { browser } = await signUp(ctx, 'uma@example.com');
    const laptop = createAgent(ctx.app);
    await laptop.post('/api/auth/sign-in/email', { email: 'uma@example.com', password: 'secret1' });

    const wrong = await browser.post('/api/auth/change-password', {
      currentPassword: 'wrong-one',
      newPassword: 'newsecret',
      revokeOtherSessions: true,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toEqual({
      code: 'WRONG_PASSWORD',
      message: signInMessages.wrongPassword,
    });

    const changed = await browser.post('/api/auth/change-password', {
      currentPassword: 'secret1',
      newPassword: 'newsecret',
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    expect((await browser.get<Body<CurrentUser>>('/api/auth/session')).body.data?.email).toBe(
      'uma@example.com',
    );
    expect((await laptop.get<Body<null>>('/api/auth/session')).body.data).toBeNull();
  });

  it('updates the display name', async () => {
    const { browser } = await signUp(ctx, 'vic@example.com');
    const updated = await browser.post('/api/auth/update-user', { name: 'Vic Vega' });
    expect(updated.status).toBe(200);
    const profile = await browser.get<Body<CurrentUser>>('/api/users/profile');
    expect(profile.body.data.displayName).toBe('Vic Vega');
  });

  it('signs out on the server: the old cookie no longer opens the session', async () => {
    const { browser } = await signUp(ctx, 'wes@example.com');
    const cookies = new Map(browser.jar);
    expect((await browser.post('/api/auth/sign-out')).status).toBe(200);
    const replay = createAgent(ctx.app);
    for (const [name, value] of cookies) replay.jar.set(name, value);
    expect((await replay.get<Body<null>>('/api/auth/session')).body.data).toBeNull();
    expect((await replay.get('/api/users/profile')).status).toBe(401);
  });

  it('accepts a bearer token from a non-browser client', async () => {
    const signIn = await createAgent(ctx.app).call<{ data: { token: string } }>(
      'POST',
      '/api/auth/sign-up/email',
      { email: 'xan@example.com', password: 'secret1', name: 'Xan' },
      { 'x-auth-mode': 'bearer' },
    );
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${signIn.body.data.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Body<CurrentUser>>().data.email).toBe('xan@example.com');
  });
});
