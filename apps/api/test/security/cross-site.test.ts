import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, refusalMessages } from '@si/contracts';
import { countRows, signUp } from '../support/accounts.ts';
import { createAgent, type Agent } from '../support/browser-agent.ts';
import { unreachableStripe } from '../support/payments.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestContext } from '../support/test-app.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A concrete path for a registered route: parameters get a UUID, a wildcard a real call. */
const concrete = (url: string) =>
  url.replace(/:[A-Za-z]+/g, randomUUID()).replace(/\*$/, 'sign-out');

interface Case {
  name: string;
  headers: Record<string, string>;
  withCookie: boolean;
  refused: boolean;
}

const cases: Case[] = [
  { name: 'no Origin', headers: {}, withCookie: true, refused: true },
  {
    name: 'foreign Origin',
    headers: { origin: 'https://evil.example' },
    withCookie: true,
    refused: true,
  },
  { name: 'Origin null', headers: { origin: 'null' }, withCookie: true, refused: true },
  {
    name: 'look-alike Origin',
    headers: { origin: `${TEST_PUBLIC_URL}.evil.example` },
    withCookie: true,
    refused: true,
  },
  {
    name: 'Sec-Fetch-Site cross-site',
    headers: { 'sec-fetch-site': 'cross-site' },
    withCookie: true,
    refused: true,
  },
  {
    name: 'Sec-Fetch-Site same-site',
    headers: { 'sec-fetch-site': 'same-site' },
    withCookie: true,
    refused: true,
  },
  {
    name: 'foreign Origin without cookies',
    headers: { origin: 'https://evil.example' },
    withCookie: false,
    refused: true,
  },
  {
    name: 'a bogus bearer header beside the cookie',
    headers: { authorization: 'Bearer not-a-token' },
    withCookie: true,
    refused: true,
  },
  {
    name: 'matching Origin',
    headers: { origin: TEST_PUBLIC_URL },
    withCookie: true,
    refused: false,
  },
  {
    name: 'Sec-Fetch-Site same-origin',
    headers: { 'sec-fetch-site': 'same-origin' },
    withCookie: true,
    refused: false,
  },
];

describe('cross-site requests, over every state-changing route', () => {
  let ctx: TestContext;
  let cookie: string;
  let bearer: string;

  const cookieOf = (agent: Agent) =>
    [...agent.jar].map(([name, value]) => `${name}=${value}`).join('; ');

  beforeAll(async () => {
    // With Stripe configured, so that its webhook is in the route table. The webhook is refused
    // on its signature before Stripe would be called, so nothing listens at the API address.
    ctx = await createTestApp({ RATE_LIMITS: 'off', ...unreachableStripe });
    // The matrix's own account: its matching-Origin calls include signing out.
    cookie = cookieOf((await signUp(ctx, 'mallory-target@example.com')).browser);
    const tokenClient = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'x-auth-mode': 'bearer' },
      payload: { email: 'mallory-target@example.com', password: 'secret1' },
    });
    bearer = tokenClient.json<{ data: { token: string } }>().data.token;
  });
  afterAll(() => ctx.close());

  const WEBHOOK = 'POST /api/payments/webhook';
  // A mail client's one-click unsubscribe (RFC 8058) comes from the provider's servers: the
  // token in its address is the proof, and it reads no session (ADR 031, ADR 033, ADR 034).
  const ONE_CLICK_UNSUBSCRIBE = 'POST /api/insights/unsubscribe';
  const NEWSLETTER_ONE_CLICK = 'POST /api/newsletter/unsubscribe';
  const ALERT_UNSUBSCRIBE = 'POST /api/saved-searches/unsubscribe';
  const exempt = new Set([WEBHOOK, ONE_CLICK_UNSUBSCRIBE, NEWSLETTER_ONE_CLICK, ALERT_UNSUBSCRIBE]);
  const stateChangingRoutes = () =>
    ctx.app.routeTable.filter((route) => STATE_CHANGING.has(route.method));

  it('finds the routes it must cover in the route table', () => {
    const urls = stateChangingRoutes().map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /api/auth/resend-verification',
        'POST /api/auth/sync-user',
        'DELETE /api/users/me',
        'POST /api/newsletter',
        'POST /api/auth/*',
        'POST /api/payments/create-checkout-session',
        'POST /api/payments/apply-guest-code',
        'POST /api/payments/subscriptions/:organizationId/cancel',
        WEBHOOK,
        ONE_CLICK_UNSUBSCRIBE,
        NEWSLETTER_ONE_CLICK,
        ALERT_UNSUBSCRIBE,
      ]),
    );
  });

  it('refuses a cookie-carrying request from another site, and only that', async () => {
    const wrong: string[] = [];
    for (const route of stateChangingRoutes()) {
      const url = concrete(route.url);
      for (const each of cases) {
        const response = await ctx.app.inject({
          method: route.method as 'POST',
          url,
          headers: {
            ...each.headers,
            ...(each.withCookie ? { cookie } : {}),
            'content-type': 'application/json',
          },
          payload: '{}',
        });
        const refused =
          response.statusCode === 403 &&
          response.json<{ error?: { code: string } }>().error?.code === errorCodes.crossSite;
        // The payment webhook proves itself by its signature, the one-click unsubscribe by its
        // token: the only exceptions.
        const expected = exempt.has(`${route.method} ${route.url}`) ? false : each.refused;
        if (refused !== expected) {
          wrong.push(`${route.method} ${url} (${each.name}): ${response.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets a bearer-token client through without Origin', async () => {
    const wrong: string[] = [];
    for (const route of stateChangingRoutes()) {
      const url = concrete(route.url);
      if (url === '/api/users/me' || url.endsWith('/sign-out')) continue; // would end the test's session
      const response = await ctx.app.inject({
        method: route.method as 'POST',
        url,
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        payload: '{}',
      });
      if (response.statusCode === 403 && response.json().error?.code === errorCodes.crossSite) {
        wrong.push(`${route.method} ${url}: refused`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('changes nothing on a refused request: the account, its email and its session stay', async () => {
    const { browser, id: userId } = await signUp(ctx, 'victim@example.com');
    const cookie = cookieOf(browser);
    const before = await countRows(ctx, sql`select count(*)::int as n from email_outbox`);
    for (const origin of [undefined, 'https://evil.example']) {
      const headers = { cookie, ...(origin ? { origin } : {}) };
      const deletion = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/users/me',
        headers,
        payload: { confirmation: 'DELETE', password: 'secret1' },
      });
      expect(deletion.statusCode).toBe(403);
      expect(deletion.json().error).toEqual({
        code: errorCodes.crossSite,
        message: refusalMessages.crossSite,
      });
      await ctx.database.db.execute(
        sql`update users set email_verified = false where id = ${userId}`,
      );
      const resend = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        headers,
      });
      expect(resend.statusCode).toBe(403);
      const sync = await ctx.app.inject({ method: 'POST', url: '/api/auth/sync-user', headers });
      expect(sync.statusCode).toBe(403);
    }
    expect(await countRows(ctx, sql`select count(*)::int as n from email_outbox`)).toBe(before);
    expect(
      await countRows(ctx, sql`select count(*)::int as n from users where id = ${userId}`),
    ).toBe(1);
    expect((await browser.get('/api/users/profile')).status).toBe(200);
  });

  it('logs a refusal at info, never at error', async () => {
    const logLines: string[] = [];
    const logged = await createTestApp({ RATE_LIMITS: 'off' }, { logLines });
    try {
      for (let attempt = 0; attempt < 5; attempt++) {
        const response = await logged.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { origin: 'https://evil.example', cookie: 'si.session_token=x' },
          payload: { email: 'a@example.com', password: 'secret1' },
        });
        expect(response.statusCode).toBe(403);
      }
      // An unconfigured provider and a forged OAuth state are refused, also not errors.
      await createAgent(logged.app).post('/api/auth/sign-in/social', { provider: 'google' });
      await createAgent(logged.app).get('/api/auth/callback/github?state=forged&code=x');
      // A foreign callback URL is refused by the identity layer itself, also not an error.
      const callback = await createAgent(logged.app).post('/api/auth/sign-in/social', {
        provider: 'google',
        callbackURL: 'https://evil.example/',
      });
      expect(callback.status).toBeGreaterThanOrEqual(400);
      expect(callback.status).toBeLessThan(500);
      const entries = logLines.map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(entries.filter((entry) => entry.level >= 50)).toEqual([]);
      expect(entries.some((entry) => entry.msg === 'cross-site request refused')).toBe(true);
    } finally {
      await logged.close();
    }
  });
});
