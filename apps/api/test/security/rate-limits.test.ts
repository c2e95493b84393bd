import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reportTexts, roleReportTexts, signInMessages } from '@si/contracts';
import { loadConfig } from '../../src/config.ts';
import { signUp } from '../support/accounts.ts';
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

describe('limits on reports of roles (ADR 045): the same allowances as reports of profiles', () => {
  const addRole = async (ctx: TestContext, organizationId: string) => {
    const result = (await ctx.database.db.execute(sql`
      insert into organization_roles (organization_id, title, kind, workplace, description, apply, closes_on)
      values (${organizationId}, 'Counted role', 'contract', 'remote', 'Counts.', 'https://example.org/jobs', current_date + 30)
      returning id`)) as unknown as { rows: { id: string }[] };
    return result.rows[0]!.id;
  };
  const report = (ctx: TestContext, url: string, remoteAddress: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      ...fromAddress(remoteAddress),
      payload: { reason: 'spam' },
    });

  it('counts one address’s reports of roles and profiles together, and an organization’s from every address', async () => {
    const ctx = await createTestApp({
      RATE_LIMIT_REPORT_MAX: '3',
      RATE_LIMIT_REPORT_PROFILE_MAX: '3',
    });
    try {
      // One address: a profile and two roles of three organizations, then a role of a fourth.
      const urls: string[] = [];
      for (let index = 0; index < 4; index++) {
        const id = await createOrganization(ctx.database.db);
        urls.push(
          index === 0
            ? `/api/organizations/${id}/reports`
            : `/api/organizations/${id}/roles/${await addRole(ctx, id)}/reports`,
        );
      }
      const fromOne = [];
      for (const url of urls) fromOne.push((await report(ctx, url, '203.0.113.80')).statusCode);
      expect(fromOne).toEqual([200, 200, 200, 429]);
      const overClient = await report(ctx, urls[3]!, '203.0.113.80');
      expect(overClient.json().error).toEqual({
        code: 'RATE_LIMITED',
        message: reportTexts.tooMany,
      });

      // One organization: its profile and its roles from five addresses share one allowance.
      const crowded = await createOrganization(ctx.database.db);
      const roles = [await addRole(ctx, crowded), await addRole(ctx, crowded)];
      const crowdedUrls = [
        `/api/organizations/${crowded}/reports`,
        ...roles.map((role) => `/api/organizations/${crowded}/roles/${role}/reports`),
        `/api/organizations/${crowded}/roles/${roles[0]}/reports`,
        `/api/organizations/${crowded}/roles/${roles[1]}/reports`,
      ];
      const answers = [];
      for (const [client, url] of crowdedUrls.entries()) {
        answers.push(await report(ctx, url, `192.0.2.${client + 10}`));
      }
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429, 429]);
      expect(answers[3]!.json().error.message).toBe(roleReportTexts.tooManyForOrganization);
    } finally {
      await ctx.close();
    }
  });
});
