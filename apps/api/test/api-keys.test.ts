import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEYS_PER_USER,
  API_KEY_PREFIX,
  apiKeyErrorCodes,
  apiKeyTexts,
  type ApiKey,
  type ApiKeyUsageDay,
  type CreatedApiKey,
} from '@si/contracts';
import { signUp, type Body } from './support/accounts.ts';
import type { Agent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

const KEYS = '/api/users/me/api-keys';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function createKey(browser: Agent, name = 'Partner site') {
  const answer = await browser.post<Body<CreatedApiKey>>(KEYS, { name });
  expect(answer.status).toBe(201);
  return answer.body.data;
}

/** A public read as a partner's server makes it: its own address, its key, no cookie. */
const read = (ctx: TestContext, url: string, key?: string, remoteAddress = '203.0.113.7') =>
  ctx.app.inject({
    method: 'GET',
    url,
    remoteAddress,
    headers: key === undefined ? {} : { 'x-api-key': key },
  });

const rows = async (ctx: TestContext, query: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

describe('API keys: made in the dashboard, kept as fingerprints', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMITS: 'off' });
  });
  afterAll(() => ctx.close());

  it('shows a new key’s secret once and stores only its SHA-256', async () => {
    const { browser, id } = await signUp(ctx, 'keys-owner@example.org');
    const created = await createKey(browser, '  Grant tool  ');
    expect(created.secret.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(created.secret.length).toBeGreaterThanOrEqual(API_KEY_PREFIX.length + 40);
    expect(created.key).toMatchObject({ name: 'Grant tool', lastUsedAt: null });
    expect(created.secret.startsWith(created.key.start)).toBe(true);

    const listed = await browser.get<Body<ApiKey[]>>(KEYS);
    expect(listed.body.data).toEqual([created.key]);
    expect(JSON.stringify(listed.body)).not.toContain(created.secret);

    const stored = await rows(ctx, sql`select * from api_keys where user_id = ${id}`);
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(created.secret);
    expect(stored[0]!.secret_hash).toBe(createHash('sha256').update(created.secret).digest('hex'));
  });

  it('refuses guests and accounts whose address is not verified', async () => {
    const unverified = await signUp(ctx, 'keys-unverified@example.org', { verified: false });
    const refused = await unverified.browser.post<Body<unknown>>(KEYS, { name: 'x' });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe(apiKeyTexts.unverifiedRefused);
    const anonymous = await ctx.app.inject({ method: 'GET', url: KEYS });
    expect(anonymous.statusCode).toBe(401);
  });

  it(`holds at most ${API_KEYS_PER_USER} live keys per account; a revoked one frees its place`, async () => {
    const { browser } = await signUp(ctx, 'keys-many@example.org');
    const keys: CreatedApiKey[] = [];
    for (let n = 0; n < API_KEYS_PER_USER; n++) keys.push(await createKey(browser, `Key ${n}`));
    const over = await browser.post<Body<unknown>>(KEYS, { name: 'One too many' });
    expect(over.status).toBe(409);
    expect(over.body.error).toEqual({
      code: apiKeyErrorCodes.tooMany,
      message: apiKeyTexts.limitReached,
    });
    expect((await browser.delete(`${KEYS}/${keys[0]!.key.id}`, {})).status).toBe(200);
    expect((await browser.post(KEYS, { name: 'In its place' })).status).toBe(201);
  });

  it('refuses an empty or too long name in words', async () => {
    const { browser } = await signUp(ctx, 'keys-names@example.org');
    const empty = await browser.post<Body<unknown>>(KEYS, { name: '   ' });
    expect(empty.status).toBe(400);
    const long = await browser.post<Body<unknown>>(KEYS, { name: 'x'.repeat(81) });
    expect(long.status).toBe(400);
  });

  it('answers a revoked, unknown or malformed key 401, never as if no key were sent', async () => {
    const { browser } = await signUp(ctx, 'keys-revoke@example.org');
    const created = await createKey(browser);
    expect((await read(ctx, '/api/organizations', created.secret)).statusCode).toBe(200);

    const revoked = await browser.delete<Body<{ revoked: true }>>(`${KEYS}/${created.key.id}`, {});
    expect(revoked.body.data).toEqual({ revoked: true });
    expect((await browser.get<Body<ApiKey[]>>(KEYS)).body.data).toEqual([]);

    const unknown = `${API_KEY_PREFIX}${'A'.repeat(43)}`;
    for (const key of [created.secret, unknown, 'not-a-key', '']) {
      const answer = await read(ctx, '/api/organizations', key);
      expect(answer.statusCode, key).toBe(401);
      expect(answer.json().error).toEqual({
        code: apiKeyErrorCodes.invalid,
        message: apiKeyTexts.invalidKey,
      });
    }
    // Someone else's key, or one already revoked, is not found for this account.
    expect((await browser.delete(`${KEYS}/${created.key.id}`, {})).status).toBe(404);
  });

  it('counts each key’s requests per day and notes when it was last used', async () => {
    const { browser } = await signUp(ctx, 'keys-usage@example.org');
    const first = await createKey(browser, 'First');
    const second = await createKey(browser, 'Second');
    for (let n = 0; n < 3; n++) await read(ctx, '/api/organizations', first.secret);
    await read(ctx, '/api/categories', second.secret);

    const today = new Date().toISOString().slice(0, 10);
    const usage = await browser.get<Body<ApiKeyUsageDay[]>>(`${KEYS}/usage`);
    expect(usage.status).toBe(200);
    expect(usage.body.data).toEqual(
      expect.arrayContaining([
        { keyId: first.key.id, day: today, requests: 3 },
        { keyId: second.key.id, day: today, requests: 1 },
      ]),
    );
    expect(usage.body.data).toHaveLength(2);
    const listed = (await browser.get<Body<ApiKey[]>>(KEYS)).body.data;
    for (const key of listed) expect(key.lastUsedAt).not.toBeNull();

    // Another account sees none of it.
    const other = await signUp(ctx, 'keys-usage-other@example.org');
    expect((await other.browser.get<Body<ApiKeyUsageDay[]>>(`${KEYS}/usage`)).body.data).toEqual(
      [],
    );
  });
});

describe('a key reads what the public reads, and never acts as its owner', () => {
  let ctx: TestContext;
  let owner: Agent;
  let secret: string;
  let unpublishedId: string;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMITS: 'off' });
    const signedUp = await signUp(ctx, 'keys-acting@example.org');
    owner = signedUp.browser;
    secret = (await createKey(owner)).secret;
    unpublishedId = await createOrganization(ctx.database.db, {
      published: false,
      createdBy: signedUp.id,
    });
  });
  afterAll(() => ctx.close());

  it('answers a profile its owner alone may see as 404, even with the owner’s cookie', async () => {
    const url = `/api/organizations/${unpublishedId}`;
    expect((await owner.get(url)).status).toBe(200);
    const withKey = await owner.call('GET', url, undefined, { 'x-api-key': secret });
    expect(withKey.status).toBe(404);
  });

  it('refuses a key on writes and account reads (403), with or without a session', async () => {
    const attempts: [string, string, unknown?][] = [
      ['GET', KEYS],
      ['POST', KEYS, { name: 'made by a key' }],
      ['GET', '/api/auth/session'],
      ['GET', '/api/users/organizations'],
      ['POST', '/api/organizations', { name: 'By key' }],
      ['PUT', `/api/organizations/${unpublishedId}`, {}],
      ['GET', '/api/auth/get-session'],
      ['POST', '/api/auth/sign-out', {}],
    ];
    for (const [method, url, body] of attempts) {
      const answer = await owner.call(method as 'GET', url, body, { 'x-api-key': secret });
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(answer.body).toMatchObject({ error: { code: apiKeyErrorCodes.readOnly } });
      expect(answer.cookies, `${method} ${url}`).toEqual([]);
    }
    expect(
      (await rows(ctx, sql`select id from api_keys where name = 'made by a key'`)).length,
    ).toBe(0);
  });

  it('walks every route: a key is refused (403) wherever the public cannot read', async () => {
    type Operations = Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    const documented = (ctx.app.swagger() as { paths: Operations }).paths;
    let publicReads = 0;
    for (const { method, url } of ctx.app.routeTable) {
      // The document's own pages (/api/docs) are served beside the API, not by it.
      if (!url.startsWith('/api/') || url.startsWith('/api/docs')) continue;
      const path = url.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = documented[path]?.[method === 'HEAD' ? 'get' : method.toLowerCase()];
      const publicRead =
        (method === 'GET' || method === 'HEAD') &&
        (operation?.security?.some((entry) => 'apiKey' in entry) ?? false);
      const answer = await owner.call(
        method as 'GET',
        url.replace(/:[A-Za-z]+/g, unpublishedId).replace(/\*$/, 'anything'),
        STATE_CHANGING.has(method) ? {} : undefined,
        { 'x-api-key': secret },
      );
      // A HEAD answer has no body to name its code.
      const refused =
        answer.status === 403 &&
        (method === 'HEAD' ||
          (answer.body as { error?: { code?: string } }).error?.code === apiKeyErrorCodes.readOnly);
      expect(refused, `${method} ${url} answered ${answer.status}`).toBe(!publicRead);
      if (publicRead) publicReads++;
    }
    expect(publicReads).toBeGreaterThanOrEqual(10);
  });

  it('never yields a session or a cookie', async () => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/api/organizations',
      headers: { 'x-api-key': secret },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['set-cookie']).toBeUndefined();
    const sessions = await rows(ctx, sql`select count(*)::int as n from sessions`);
    // Only the owner's own sign-up made one.
    expect(sessions[0]!.n).toBe(1);
  });
});

describe('each key has its own rate limit, higher than an address’s', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_PUBLIC_API_MAX: '3', RATE_LIMIT_API_KEY_MAX: '6' });
  });
  afterAll(() => ctx.close());

  it('lets a key through where its address alone is refused, up to the key’s limit', async () => {
    const { browser } = await signUp(ctx, 'keys-limits@example.org');
    const one = await createKey(browser, 'One');
    const two = await createKey(browser, 'Two');
    const address = '198.51.100.20';

    const anonymous: number[] = [];
    for (let n = 0; n < 4; n++)
      anonymous.push((await read(ctx, '/api/organizations', undefined, address)).statusCode);
    expect(anonymous).toEqual([200, 200, 200, 429]);

    const keyed: number[] = [];
    for (let n = 0; n < 7; n++) {
      const answer = await read(ctx, '/api/organizations', one.secret, address);
      keyed.push(answer.statusCode);
      if (n === 0) {
        expect(answer.headers['x-ratelimit-limit']).toBe('6');
        expect(answer.headers['x-ratelimit-remaining']).toBe('5');
      }
      if (answer.statusCode === 429) {
        expect(answer.headers['retry-after']).toBeDefined();
        expect(answer.json().error.code).toBe('RATE_LIMITED');
      }
    }
    expect(keyed).toEqual([200, 200, 200, 200, 200, 200, 429]);
    // The key's count is its own, from any address; another key starts at zero.
    expect((await read(ctx, '/api/organizations', one.secret, '192.0.2.1')).statusCode).toBe(429);
    expect((await read(ctx, '/api/organizations', two.secret, address)).statusCode).toBe(200);
  });
});
