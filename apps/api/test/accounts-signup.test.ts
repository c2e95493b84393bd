import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CurrentUser,
  passwordMessages,
  signInMessages,
  verificationMessages,
} from '@si/contracts';
import { createAgent } from './support/browser-agent.ts';
import { startAppWithMailbox, stopAppWithMailbox, type Body } from './support/accounts.ts';
import { linkIn, type Mailbox } from './support/mailbox.ts';
import type { TestContext } from './support/test-app.ts';

describe('sign-up, verification and sign-in', () => {
  let ctx: TestContext;
  let mailbox: Mailbox;

  beforeAll(async () => ({ ctx, mailbox } = await startAppWithMailbox()));
  afterAll(() => stopAppWithMailbox(ctx, mailbox));

  it('starts a guest, links it by signing up, verifies the email from the link, and signs in', async () => {
    const browser = createAgent(ctx.app);
    expect((await browser.get<Body<null>>('/api/auth/session')).body.data).toBeNull();

    const guest = await browser.post('/api/auth/sign-in/anonymous');
    expect(guest.status).toBe(200);
    const asGuest = (await browser.get<Body<CurrentUser>>('/api/auth/session')).body.data;
    expect(asGuest).toMatchObject({ isAnonymous: true, email: null, providers: [] });

    const guestCookies = new Map(browser.jar);
    const signUp = await browser.post('/api/auth/sign-up/email', {
      email: 'ada@example.com',
      password: 'secret1',
      name: '',
    });
    expect(signUp.status).toBe(200);
    const me = (await browser.get<Body<CurrentUser>>('/api/auth/session')).body.data;
    expect(me).toMatchObject({
      email: 'ada@example.com',
      isAnonymous: false,
      emailVerified: false,
      providers: ['password'],
    });
    expect(me.id).not.toBe(asGuest.id);
    // A new session, and the guest's old cookie opens nothing any more.
    expect(browser.jar.get('si.session_token')).toBeDefined();
    expect(browser.jar.get('si.session_token')).not.toBe(guestCookies.get('si.session_token'));
    const replay = createAgent(ctx.app);
    for (const [name, value] of guestCookies) replay.jar.set(name, value);
    expect((await replay.get<Body<null>>('/api/auth/session')).body.data).toBeNull();

    await ctx.app.emailRelay.drain();
    const [email] = mailbox.to('ada@example.com');
    expect(email?.subject).toMatch(/verify/i);
    const link = linkIn(email!, '/verify-email');
    expect(link.searchParams.get('userId')).toBe(me.id);

    const verify = await browser.get<Body<{ success: boolean; message: string }>>(
      `/api/auth/verify-email${link.search}`,
    );
    expect(verify.status).toBe(200);
    expect(verify.body.data).toEqual({ success: true, message: verificationMessages.verified });
    const profile = await browser.get<Body<CurrentUser>>('/api/users/profile');
    expect(profile.body.data.emailVerified).toBe(true);

    const reused = await browser.get(`/api/auth/verify-email${link.search}`);
    expect(reused.status).toBe(400);
    expect(reused.body.error?.message).toBe(verificationMessages.linkInvalid);

    const other = createAgent(ctx.app);
    const signIn = await other.post('/api/auth/sign-in/email', {
      email: 'ada@example.com',
      password: 'secret1',
    });
    expect(signIn.status).toBe(200);
    expect((await other.get<Body<CurrentUser>>('/api/users/profile')).body.data.id).toBe(me.id);
  });

  it('refuses a duplicate email, a short password, a wrong password and an unknown user', async () => {
    const browser = createAgent(ctx.app);
    await browser.post('/api/auth/sign-up/email', {
      email: 'bo@example.com',
      password: 'secret1',
      name: '',
    });
    const other = createAgent(ctx.app);
    const duplicate = await other.post('/api/auth/sign-up/email', {
      email: 'bo@example.com',
      password: 'another1',
      name: '',
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toEqual({
      code: 'EMAIL_IN_USE',
      message: signInMessages.emailInUse,
    });

    const short = await other.post('/api/auth/sign-up/email', {
      email: 'cy@example.com',
      password: '12345',
      name: '',
    });
    expect(short.status).toBe(400);
    expect(short.body.error?.message).toBe(passwordMessages.tooShort);

    const wrong = await other.post('/api/auth/sign-in/email', {
      email: 'bo@example.com',
      password: 'nope123',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error?.message).toBe(signInMessages.invalidCredentials);
    const unknown = await other.post('/api/auth/sign-in/email', {
      email: 'nobody@example.com',
      password: 'nope123',
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error?.message).toBe(signInMessages.invalidCredentials);
  });
});
