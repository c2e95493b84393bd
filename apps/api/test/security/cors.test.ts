import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts.ts';
import type { Agent } from '../support/browser-agent.ts';
import { createOrganization } from '../support/factories.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';

const PARTNER = 'https://partner.example';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Operations = Record<string, Record<string, { security?: Record<string, string[]>[] }>>;

/** A route URL with each parameter filled in, `*` included. */
const concrete = (url: string, id: string) =>
  url.replace(/:[A-Za-z]+/g, id).replace(/\*$/, 'anything');

const corsHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));

describe('CORS: public reads answer every origin, without credentials; nothing else does', () => {
  let ctx: TestContext;
  let owner: Agent;
  let organizationId: string;
  let documented: Operations;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMITS: 'off' });
    const signedUp = await signUp(ctx, 'cors-owner@example.org');
    owner = signedUp.browser;
    organizationId = await createOrganization(ctx.database.db, { createdBy: signedUp.id });
    documented = (ctx.app.swagger() as { paths: Operations }).paths;
  });
  afterAll(() => ctx.close());

  it('answers a public GET and HEAD from another origin with *, never with credentials', async () => {
    for (const url of [
      '/api/organizations',
      `/api/organizations/${organizationId}`,
      '/api/categories',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const answer = await ctx.app.inject({ method, url, headers: { origin: PARTNER } });
        expect(answer.statusCode, `${method} ${url}`).toBe(200);
        expect(answer.headers['access-control-allow-origin']).toBe('*');
        expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
        expect(answer.headers['access-control-expose-headers']).toContain('x-ratelimit-remaining');
        // The same answer for every origin: caches need not keep one per origin.
        expect(String(answer.headers.vary ?? '')).not.toMatch(/origin/i);
      }
    }
    // An error of a public read is readable too, so a partner's script can show why.
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/organizations/00000000-0000-4000-8000-000000000000',
      headers: { origin: PARTNER },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe('*');
  });

  it('allows a preflight only for GET or HEAD of a public read, with the key header', async () => {
    const preflight = (url: string, method: string, headers?: string) =>
      ctx.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: PARTNER,
          'access-control-request-method': method,
          ...(headers ? { 'access-control-request-headers': headers } : {}),
        },
      });
    const allowed = await preflight(
      `/api/organizations/${organizationId}/roles`,
      'GET',
      'x-api-key',
    );
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, HEAD',
      'access-control-allow-headers': 'X-API-Key',
    });
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(allowed.headers.vary)).toMatch(/access-control-request-method/i);

    const refused: [string, string, string?][] = [
      ['/api/organizations', 'POST', 'content-type'],
      [`/api/organizations/${organizationId}`, 'PUT', 'content-type'],
      [`/api/organizations/${organizationId}`, 'DELETE'],
      ['/api/users/me', 'DELETE'],
      ['/api/auth/sign-in/email', 'POST', 'content-type'],
      ['/api/auth/session', 'GET'],
      ['/api/users/me/api-keys', 'GET', 'x-api-key'],
      // A session's bearer token may not ride along on a public read either.
      ['/api/organizations', 'GET', 'authorization'],
    ];
    for (const [url, method, headers] of refused) {
      const answer = await preflight(url, method, headers);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(corsHeaders(answer.headers), `${method} ${url}`).toEqual([]);
    }
  });

  it('sends no CORS header from auth, account or write routes', async () => {
    const session = await owner.call('GET', '/api/auth/session', undefined, { origin: PARTNER });
    expect(session.status).toBe(200);
    expect(corsHeaders(session.headers)).toEqual([]);
    const keys = await owner.call('GET', '/api/users/me/api-keys', undefined, { origin: PARTNER });
    expect(corsHeaders(keys.headers)).toEqual([]);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: PARTNER },
      payload: { email: 'cors-owner@example.org', password: 'secret1' },
    });
    expect(corsHeaders(signIn.headers)).toEqual([]);
  });

  it('walks every route: CORS headers exactly where the OpenAPI document takes an API key', async () => {
    const checked: string[] = [];
    for (const { method, url } of ctx.app.routeTable) {
      if (!url.startsWith('/api/') || method === 'OPTIONS') continue;
      const answer = await ctx.app.inject({
        method: method as 'GET',
        url: concrete(url, organizationId),
        headers: { origin: PARTNER },
      });
      const path = url.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = documented[path]?.[method === 'HEAD' ? 'get' : method.toLowerCase()];
      const keyed = operation?.security?.some((entry) => 'apiKey' in entry) ?? false;
      const publicRead = keyed && (method === 'GET' || method === 'HEAD');
      expect(
        answer.headers['access-control-allow-origin'],
        `${method} ${url} answered ${answer.statusCode}`,
      ).toBe(publicRead ? '*' : undefined);
      if (STATE_CHANGING.has(method)) expect(keyed, `${method} ${url}`).toBe(false);
      checked.push(`${method} ${url}`);
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        'GET /api/organizations',
        'HEAD /api/organizations',
        'GET /api/organizations/:id',
        'POST /api/organizations',
        'GET /api/users/me/api-keys',
        'POST /api/users/me/api-keys',
      ]),
    );
  });
});
