import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInMessages } from '@si/contracts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { signUp } from '../support/accounts.ts';
import { createAgent } from '../support/browser-agent.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestContext } from '../support/test-app.ts';

const tooMany = { code: 'RATE_LIMITED', message: signInMessages.tooManyRequests };

/**
 * The limits on checks of one account's password (ADR 035), with the default allowance per
 * account and address (5) and a small ceiling over the addresses an account never signed in
 * from (8). Every address has plenty of sign-ins of its own (1000): only these limits stop them.
 */
const settings = {
  TRUST_PROXY: 'loopback',
  RATE_LIMIT_AUTH_MAX: '1000',
  RATE_LIMIT_ACCOUNT_WIDE_MAX: '8',
};

describe('per-account limits on every password check', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(settings);
  });
  afterAll(() => ctx.close());

  const signInFrom = (ip: string, email: string, password: string) =>
    createAgent(ctx.app, { ip }).post('/api/auth/sign-in/email', { email, password });

  it('lets the right password in from another address after five wrong ones from one, so nobody can lock an owner out', async () => {
    await signUp(ctx, 'ada@example.com');
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signInFrom('198.51.100.1', 'ada@example.com', 'guess')).status).toBe(401);
    }
    expect((await signInFrom('198.51.100.1', 'ada@example.com', 'guess')).status).toBe(429);
    const owner = await signInFrom('203.0.113.50', 'ADA@example.com', 'secret1');
    expect(owner.status).toBe(200);
    // And again after more wrong ones from yet another address.
    for (let attempt = 0; attempt < 6; attempt++) {
      await signInFrom('198.51.100.2', 'ada@example.com', 'guess');
    }
    expect((await signInFrom('203.0.113.50', 'ada@example.com', 'secret1')).status).toBe(200);
  });

  it('stops a guesser at one address: past five wrong, not even the right password is checked there until a reset', async () => {
    await signUp(ctx, 'cleo@example.com');
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(
        (await signInFrom('198.51.100.3', 'cleo@example.com', `guess-${attempt}`)).status,
      ).toBe(401);
    }
    const blocked = await signInFrom('198.51.100.3', 'cleo@example.com', 'guess-5');
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toEqual(tooMany);
    // The right password answers as a wrong one does there: the guesser learns nothing.
    const right = await signInFrom('198.51.100.3', 'cleo@example.com', 'secret1');
    expect(right.status).toBe(429);
    expect(right.body.error).toEqual(tooMany);

    // A reset from the account's email starts every count again, for that address too.
    const request = await createAgent(ctx.app, { ip: '198.51.100.3' }).post(
      '/api/auth/request-password-reset',
      { email: 'cleo@example.com', redirectTo: '/reset-password' },
    );
    expect(request.status).toBe(200);
    const reset = await createAgent(ctx.app, { ip: '198.51.100.3' }).post(
      '/api/auth/reset-password',
      { token: await lastResetToken(ctx, 'cleo@example.com'), newPassword: 'fresh-secret' },
    );
    expect(reset.status).toBe(200);
    expect((await signInFrom('198.51.100.3', 'cleo@example.com', 'fresh-secret')).status).toBe(200);
  });

  it('a right password starts its own address count again', async () => {
    await signUp(ctx, 'dan@example.com');
    for (let round = 0; round < 3; round++) {
      for (let attempt = 0; attempt < 4; attempt++) {
        expect((await signInFrom('198.51.100.7', 'dan@example.com', 'guess')).status).toBe(401);
      }
      expect((await signInFrom('198.51.100.7', 'dan@example.com', 'secret1')).status).toBe(200);
    }
  });

  it('counts parallel guesses too: a burst from one address gets no more than five checked', async () => {
    await signUp(ctx, 'burst@example.com');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        signInFrom('192.0.2.1', 'burst@example.com', `guess-${index}`),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('bounds a guesser with many addresses, while the owner signs in from an address of theirs', async () => {
    await signUp(ctx, 'fay@example.com');
    // That first sign-in came from an address new to the account: 1 of the ceiling (8). One
    // guess from each of seven more new addresses fills it.
    expect((await signInFrom('203.0.113.9', 'fay@example.com', 'secret1')).status).toBe(200);
    for (let attempt = 0; attempt < 7; attempt++) {
      const wrong = await signInFrom(`192.0.2.${100 + attempt}`, 'fay@example.com', 'guess');
      expect(wrong.status).toBe(401);
    }
    // A ninth new address is not checked, right password or not.
    const guesser = await signInFrom('192.0.2.200', 'fay@example.com', 'secret1');
    expect(guesser.status).toBe(429);
    expect(guesser.body.error).toEqual(tooMany);
    // The owner's own address is checked as always.
    expect((await signInFrom('203.0.113.9', 'fay@example.com', 'secret1')).status).toBe(200);
    // Another account is not affected.
    await signUp(ctx, 'gus@example.com');
    expect((await signInFrom('192.0.2.200', 'gus@example.com', 'secret1')).status).toBe(200);
  });

  it('limits password change and account deletion with sign-in, at the same address', async () => {
    const { browser } = await signUp(ctx, 'eve@example.com');
    const change = () =>
      browser.post('/api/auth/change-password', {
        currentPassword: 'guess',
        newPassword: 'another1',
        revokeOtherSessions: true,
      });
    const remove = (password: string) =>
      browser.delete('/api/users/me', { confirmation: 'DELETE', password });
    expect((await change()).status).toBe(400);
    expect((await remove('guess')).status).toBe(403);
    expect((await change()).status).toBe(400);
    expect((await signInFrom('127.0.0.1', 'eve@example.com', 'guess')).status).toBe(401);
    expect((await change()).status).toBe(400);
    const blockedChange = await change();
    expect(blockedChange.status).toBe(429);
    expect(blockedChange.body.error).toEqual(tooMany);
    expect((await remove('secret1')).status).toBe(429);
    expect((await signInFrom('127.0.0.1', 'eve@example.com', 'secret1')).status).toBe(429);
    // The owner elsewhere is not refused.
    expect((await signInFrom('203.0.113.77', 'eve@example.com', 'secret1')).status).toBe(200);
  });

  it('shares the count across server processes on the same database', async () => {
    const second = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: ctx.dataDir,
        PUBLIC_URL: TEST_PUBLIC_URL,
        LOG_LEVEL: 'silent',
        PERIODIC_JOBS: 'off',
        WEB_DIST_DIR: `${ctx.dataDir}/no-web-build`,
        ...settings,
      }),
      database: ctx.database,
      logger: false,
    });
    try {
      await signUp(ctx, 'hal@example.com');
      const processes = [ctx.app, second, ctx.app, second, ctx.app];
      for (const app of processes) {
        const wrong = await createAgent(app, { ip: '192.0.2.77' }).post('/api/auth/sign-in/email', {
          email: 'hal@example.com',
          password: 'not-the-password',
        });
        expect(wrong.status).toBe(401);
      }
      const blocked = await createAgent(second, { ip: '192.0.2.77' }).post(
        '/api/auth/sign-in/email',
        { email: 'hal@example.com', password: 'secret1' },
      );
      expect(blocked.status).toBe(429);
    } finally {
      await second.close();
    }
  });
});

/** The reset link's token from the newest reset email to `email` in the outbox. */
async function lastResetToken(ctx: TestContext, email: string): Promise<string> {
  const result = (await ctx.database.db.execute(
    sql`select text as body from email_outbox where recipient = ${email} order by id desc limit 1`,
  )) as unknown as { rows: { body: string }[] };
  const body = result.rows[0]?.body ?? '';
  const token = /[?&]token=([\w-]+)/.exec(body)?.[1];
  if (!token) throw new Error(`no reset link for ${email}`);
  return token;
}
