import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportTexts, signInMessages } from '@si/contracts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { signUp } from '../support/accounts.ts';
import { createAgent } from '../support/browser-agent.ts';
import { createOrganization } from '../support/factories.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestContext } from '../support/test-app.ts';

const tooMany = { code: 'RATE_LIMITED', message: signInMessages.tooManyRequests };
const wrongSignIn = (email: string) => ({ email, password: 'not-the-password' });

const cookieOf = (jar: Map<string, string>) =>
  [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/** A request as it arrives from `remoteAddress`, claiming to be `forwardedFor`. */
const fromAddress = (remoteAddress: string, forwardedFor?: string) => ({
  remoteAddress,
  headers: {
    origin: TEST_PUBLIC_URL,
    ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
  },
});

describe('per-address limits cannot be dodged with X-Forwarded-For', () => {
  it('with TRUST_PROXY unset, a new X-Forwarded-For per request changes nothing', async () => {
    const ctx = await createTestApp({ RATE_LIMIT_AUTH_MAX: '3', RATE_LIMIT_GUEST_MAX: '3' });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/anonymous',
          ...fromAddress('203.0.113.50', `198.51.100.${attempt}`),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);

      const signIns: number[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          ...fromAddress('203.0.113.50', `198.51.100.${attempt}`),
          payload: wrongSignIn(`nobody-${attempt}@example.com`),
        });
        signIns.push(response.statusCode);
        if (response.statusCode === 429) expect(response.json().error).toEqual(tooMany);
      }
      expect(signIns).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await ctx.close();
    }
  });

  it('with TRUST_PROXY naming the proxy, the client it forwards is counted, not the proxy', async () => {
    const logLines: string[] = [];
    const ctx = await createTestApp(
      { RATE_LIMIT_GUEST_MAX: '2', TRUST_PROXY: '10.0.0.0/8', LOG_LEVEL: 'info' },
      { logLines },
    );
    try {
      const guest = (remote: string, client?: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/anonymous',
          ...fromAddress(remote, client),
        });
      // Two clients behind the trusted proxy each have their own allowance...
      expect((await guest('10.1.2.3', '192.0.2.1')).statusCode).toBe(200);
      expect((await guest('10.1.2.3', '192.0.2.1')).statusCode).toBe(200);
      expect((await guest('10.1.2.3', '192.0.2.1')).statusCode).toBe(429);
      expect((await guest('10.1.2.3', '192.0.2.2')).statusCode).toBe(200);
      // ...and a client that spoofs the header itself, not through the proxy, is its own address.
      expect((await guest('203.0.113.9', '192.0.2.99')).statusCode).toBe(200);
      expect((await guest('203.0.113.9', '192.0.2.98')).statusCode).toBe(200);
      expect((await guest('203.0.113.9', '192.0.2.97')).statusCode).toBe(429);
      // A client's own forged hop before the proxy's is not believed either.
      expect((await guest('10.1.2.3', '192.0.2.1, 192.0.2.3')).statusCode).toBe(200);

      const logged = logLines
        .map((line) => JSON.parse(line) as { req?: { remoteAddress?: string } })
        .map((entry) => entry.req?.remoteAddress)
        .filter(Boolean);
      expect(logged).toContain('192.0.2.2');
      expect(logged).not.toContain('10.1.2.3');
    } finally {
      await ctx.close();
    }
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 one', async () => {
    const ctx = await createTestApp({ RATE_LIMIT_GUEST_MAX: '3', TRUST_PROXY: 'loopback' });
    try {
      const statuses: number[] = [];
      for (let host = 1; host <= 5; host++) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/anonymous',
          ...fromAddress('127.0.0.1', `2001:db8:1:2::${host}`),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const mapped = [];
      for (const client of ['192.0.2.40', '::ffff:192.0.2.40', '192.0.2.40', '::ffff:192.0.2.40']) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/anonymous',
          ...fromAddress('127.0.0.1', client),
        });
        mapped.push(response.statusCode);
      }
      expect(mapped).toEqual([200, 200, 200, 429]);
    } finally {
      await ctx.close();
    }
  });

  it('refuses a setting that would trust every client', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('limits newsletter sign-ups per address', async () => {
    const ctx = await createTestApp({ RATE_LIMIT_NEWSLETTER_MAX: '3' });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/newsletter',
          ...fromAddress('203.0.113.60', `198.51.100.${attempt}`),
          payload: { email: `reader-${attempt}@example.com` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await ctx.close();
    }
  });
});

describe('limits on reports of profiles (ADR 029)', () => {
  const report = (ctx: TestContext, id: string, remoteAddress: string, forwardedFor?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/organizations/${id}/reports`,
      ...fromAddress(remoteAddress, forwardedFor),
      payload: { reason: 'spam' },
    });

  it('limits the reports one address sends, whatever profiles and sessions it uses', async () => {
    const ctx = await createTestApp({ RATE_LIMIT_REPORT_MAX: '3' });
    try {
      const ids = await Promise.all(
        Array.from({ length: 5 }, () => createOrganization(ctx.database.db)),
      );
      const statuses: number[] = [];
      for (const [index, id] of ids.entries()) {
        const response = await report(ctx, id, '203.0.113.70', `198.51.100.${index}`);
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json().error).toEqual({
            code: 'RATE_LIMITED',
            message: reportTexts.tooMany,
          });
        }
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      // A signed-in user at the same address shares its allowance; another address does not.
      const { browser } = await signUp(ctx, 'reporter@example.org');
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: `/api/organizations/${ids[0]}/reports`,
            remoteAddress: '203.0.113.70',
            headers: { origin: TEST_PUBLIC_URL, cookie: cookieOf(browser.jar) },
            payload: { reason: 'spam' },
          })
        ).statusCode,
      ).toBe(429);
      expect((await report(ctx, ids[0]!, '203.0.113.71')).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('limits the reports of one profile from every address together', async () => {
    const ctx = await createTestApp({ RATE_LIMIT_REPORT_PROFILE_MAX: '3' });
    try {
      const crowded = await createOrganization(ctx.database.db);
      const statuses: number[] = [];
      for (let client = 1; client <= 5; client++) {
        const response = await report(ctx, crowded, `192.0.2.${client}`);
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json().error.message).toBe(reportTexts.tooManyForProfile);
        }
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      // Another profile has its own allowance.
      const quiet = await createOrganization(ctx.database.db);
      expect((await report(ctx, quiet, '192.0.2.5')).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

describe('per-account limits on every password check', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Every address has plenty of attempts: only the account's own allowance (3) can stop them.
    ctx = await createTestApp({
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_AUTH_MAX: '1000',
      RATE_LIMIT_ACCOUNT_MAX: '3',
    });
  });
  afterAll(() => ctx.close());

  const signInFrom = (ip: string, email: string, password: string) =>
    createAgent(ctx.app, { ip }).post('/api/auth/sign-in/email', { email, password });

  it('refuses sign-ins to one account after a few failures, from whatever address', async () => {
    await signUp(ctx, 'ada@example.com');
    for (let attempt = 0; attempt < 3; attempt++) {
      const wrong = await signInFrom(`198.51.100.${attempt}`, 'ada@example.com', 'guess');
      expect(wrong.status).toBe(401);
    }
    const blocked = await signInFrom('198.51.100.200', 'ADA@example.com', 'secret1');
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toEqual(tooMany);
    // Another account is not affected.
    await signUp(ctx, 'bob@example.com');
    expect((await signInFrom('198.51.100.0', 'bob@example.com', 'secret1')).status).toBe(200);
  });

  it('counts parallel guesses too: a burst gets no more than the allowance checked', async () => {
    await signUp(ctx, 'burst@example.com');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        signInFrom(`192.0.2.${index + 1}`, 'burst@example.com', `guess-${index}`),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
  });

  it('never locks the owner out of a password reset, which starts the count again', async () => {
    await signUp(ctx, 'cleo@example.com');
    for (let attempt = 0; attempt < 4; attempt++) {
      await signInFrom(`203.0.113.${attempt}`, 'cleo@example.com', 'guess');
    }
    expect((await signInFrom('203.0.113.100', 'cleo@example.com', 'secret1')).status).toBe(429);

    const request = await createAgent(ctx.app, { ip: '203.0.113.101' }).post(
      '/api/auth/request-password-reset',
      { email: 'cleo@example.com', redirectTo: '/reset-password' },
    );
    expect(request.status).toBe(200);
    const token = await lastResetToken(ctx, 'cleo@example.com');
    const reset = await createAgent(ctx.app, { ip: '203.0.113.101' }).post(
      '/api/auth/reset-password',
      { token, newPassword: 'fresh-secret' },
    );
    expect(reset.status).toBe(200);
    expect((await signInFrom('203.0.113.101', 'cleo@example.com', 'fresh-secret')).status).toBe(
      200,
    );
  });

  it('a correct password starts the count again', async () => {
    await signUp(ctx, 'dan@example.com');
    for (let round = 0; round < 3; round++) {
      expect((await signInFrom('198.51.100.7', 'dan@example.com', 'guess')).status).toBe(401);
      expect((await signInFrom('198.51.100.7', 'dan@example.com', 'guess')).status).toBe(401);
      expect((await signInFrom('198.51.100.7', 'dan@example.com', 'secret1')).status).toBe(200);
    }
  });

  it('limits password change and account deletion for a signed-in session', async () => {
    const { browser } = await signUp(ctx, 'eve@example.com');
    const change = () =>
      browser.post('/api/auth/change-password', {
        currentPassword: 'guess',
        newPassword: 'another1',
        revokeOtherSessions: true,
      });
    const remove = () =>
      browser.delete('/api/users/me', { confirmation: 'DELETE', password: 'guess' });
    expect((await change()).status).toBe(400);
    expect((await remove()).status).toBe(403);
    expect((await change()).status).toBe(400);
    const blockedChange = await change();
    expect(blockedChange.status).toBe(429);
    expect(blockedChange.body.error).toEqual(tooMany);
    const blockedDelete = await browser.delete('/api/users/me', {
      confirmation: 'DELETE',
      password: 'secret1',
    });
    expect(blockedDelete.status).toBe(429);
    // The same account's sign-in shares the count.
    expect((await signInFrom('198.51.100.9', 'eve@example.com', 'secret1')).status).toBe(429);
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
        TRUST_PROXY: 'loopback',
        RATE_LIMIT_AUTH_MAX: '1000',
        RATE_LIMIT_ACCOUNT_MAX: '3',
      }),
      database: ctx.database,
      logger: false,
    });
    try {
      await signUp(ctx, 'fay@example.com');
      const processes = [ctx.app, second, ctx.app];
      for (const app of processes) {
        const wrong = await createAgent(app, { ip: '192.0.2.77' }).post(
          '/api/auth/sign-in/email',
          wrongSignIn('fay@example.com'),
        );
        expect(wrong.status).toBe(401);
      }
      const blocked = await createAgent(second, { ip: '192.0.2.78' }).post(
        '/api/auth/sign-in/email',
        { email: 'fay@example.com', password: 'secret1' },
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
