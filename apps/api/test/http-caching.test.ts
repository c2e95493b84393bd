import { randomUUID } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRIVATE_CACHE,
  REFERENCE_CACHE,
  REVALIDATE_CACHE,
  matchesIfNoneMatch,
} from '../src/http/cache-control.ts';
import { organizations } from '../src/db/schema.ts';
import { signUp } from './support/accounts.ts';
import type { Agent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import { payInTestCheckout } from './support/payments.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

/** DIRECTORY_CACHE_MS's default, 15 s: caches keep a list as long, and 60 s more when stale. */
const DIRECTORY_CACHE = 'public, max-age=15, stale-while-revalidate=60';

/** Every public read of the API and its policy; every other GET must be private. */
const publicReads: Record<string, string> = {
  '/api/organizations': DIRECTORY_CACHE,
  '/api/organizations/active-countries': DIRECTORY_CACHE,
  '/api/organizations/:id': REVALIDATE_CACHE,
  // A published organization's open roles and milestones, checked every time as its profile is.
  '/api/organizations/:id/roles': REVALIDATE_CACHE,
  '/api/organizations/:id/roles/:roleId': REVALIDATE_CACHE,
  '/api/organizations/:id/milestones': REVALIDATE_CACHE,
  // Every open role: a list like the directory's, by its version (and the day).
  '/api/roles': DIRECTORY_CACHE,
  '/api/category-groups': REFERENCE_CACHE,
  '/api/categories': REFERENCE_CACHE,
  '/api/countries': REFERENCE_CACHE,
  '/api/faqs': REFERENCE_CACHE,
  '/api/site': REFERENCE_CACHE,
};

function requester(ctx: () => TestContext) {
  return (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    ctx().app.inject({ method, url, headers } satisfies InjectOptions);
}

describe('cacheable public answers', () => {
  let ctx: TestContext;
  let publishedId: string;
  let owner: Agent;
  let ownerId: string;
  const get = requester(() => ctx);

  beforeAll(async () => {
    ctx = await createTestApp();
    const { db } = ctx.database;
    // Enough of a page to be compressed (over 1 KB).
    for (const name of ['Alder', 'Birch', 'Cedar', 'Dogwood', 'Elm', 'Fir']) {
      await createOrganization(db, {
        name: `${name} Commons`,
        description: 'Restores urban woodland with neighbours and schools. '.repeat(4),
      });
    }
    publishedId = await createOrganization(db, { name: 'Open Harbor', country: 'KE' });
    ({ browser: owner, id: ownerId } = await signUp(ctx, 'caching-owner@example.com'));
  });
  afterAll(() => ctx.close());

  it('gives the directory list a short public lifetime and a weak ETag, and a 304 when it matches', async () => {
    const first = await get('/api/organizations');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(DIRECTORY_CACHE);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(String(first.headers.vary)).toMatch(/accept-encoding/i);

    const again = await get('/api/organizations', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['content-length']).toBeUndefined();
    expect(again.headers['content-type']).toBeUndefined();
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(DIRECTORY_CACHE);
    expect(String(again.headers.vary)).toMatch(/accept-encoding/i);

    // The tag without W/, or among others, is the same entity tag (weak comparison).
    for (const header of [etag.slice(2), `"other", ${etag}`, '*']) {
      expect((await get('/api/organizations', { 'if-none-match': header })).statusCode).toBe(304);
    }
    expect((await get('/api/organizations', { 'if-none-match': 'W/"other"' })).statusCode).toBe(
      200,
    );
  });

  it('tags the entity, not the encoding: brotli carries the same ETag and still answers 304', async () => {
    const plain = await get('/api/organizations');
    const compressed = await get('/api/organizations', { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
    expect(compressed.headers.etag).toBe(plain.headers.etag);
    expect(compressed.headers['cache-control']).toBe(DIRECTORY_CACHE);

    const conditional = await get('/api/organizations', {
      'accept-encoding': 'br, gzip',
      'if-none-match': String(plain.headers.etag),
    });
    expect(conditional.statusCode).toBe(304);
    expect(conditional.headers['content-encoding']).toBeUndefined();
    expect(conditional.rawPayload.length).toBe(0);
  });

  it('tags the list anew when the directory changes, so an old tag gets the new answer', async () => {
    const url = '/api/organizations?q=commons';
    const before = await get(url);
    expect((await get(url)).headers.etag).toBe(before.headers.etag);
    const id = await createOrganization(ctx.database.db, { name: 'Hazel Commons' });
    try {
      const after = await get(url, { 'if-none-match': String(before.headers.etag) });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect((after.json() as { meta: { total: number } }).meta.total).toBe(
        (before.json() as { meta: { total: number } }).meta.total + 1,
      );
    } finally {
      await ctx.database.db.delete(organizations).where(eq(organizations.id, id));
    }
  });

  it('makes every filter and page of the directory public', async () => {
    const first = await get('/api/organizations?limit=2');
    const cursor = (first.json() as { meta: { nextCursor: string } }).meta.nextCursor;
    const tags = new Map<string, string>();
    for (const query of [
      '?limit=2',
      `?limit=2&cursor=${encodeURIComponent(cursor)}`,
      '?country=KE',
      '?country=ALL',
      '?categories=climate_action,nonprofit',
      '?q=harbor',
    ]) {
      const answer = await get(`/api/organizations${query}`);
      expect(answer.statusCode, query).toBe(200);
      expect(answer.headers['cache-control'], query).toBe(DIRECTORY_CACHE);
      tags.set(query, String(answer.headers.etag));
    }
    // A different answer, a different tag: the next page is not the first.
    expect(tags.get('?limit=2')).not.toBe(
      tags.get(`?limit=2&cursor=${encodeURIComponent(cursor)}`),
    );
  });

  it("revalidates a published profile's open roles and milestones, answering 304 when unchanged", async () => {
    for (const url of [
      `/api/organizations/${publishedId}/roles`,
      `/api/organizations/${publishedId}/milestones`,
    ]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe(REVALIDATE_CACHE);
      const conditional = await get(url, { 'if-none-match': String(answer.headers.etag) });
      expect(conditional.statusCode, url).toBe(304);
    }
  });

  it('gives reference data, site settings and the active countries their public policy', async () => {
    for (const url of [
      '/api/organizations/active-countries',
      '/api/category-groups',
      '/api/categories',
      '/api/countries',
      '/api/faqs',
      '/api/site',
    ]) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe(publicReads[url]);
      const conditional = await get(url, { 'if-none-match': String(answer.headers.etag) });
      expect(conditional.statusCode, url).toBe(304);
      expect(conditional.body, url).toBe('');
    }
  });

  it('lets caches keep a published profile but ask again each time', async () => {
    const url = `/api/organizations/${publishedId}`;
    const profile = await get(url);
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe(REVALIDATE_CACHE);
    const conditional = await get(url, { 'if-none-match': String(profile.headers.etag) });
    expect(conditional.statusCode).toBe(304);
    // The owner's view of a published profile is the same answer.
    const asOwner = await owner.call('GET', url, undefined, {
      'if-none-match': String(profile.headers.etag),
    });
    expect(asOwner.status).toBe(304);
  });

  it('answers HEAD with the same tag and honours If-None-Match there too', async () => {
    const plain = await get('/api/categories');
    const head = await get('/api/categories', {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(plain.headers.etag);
    const conditional = await get(
      '/api/categories',
      { 'if-none-match': String(plain.headers.etag) },
      'HEAD',
    );
    expect(conditional.statusCode).toBe(304);
  });

  it('never lets a cache keep an error', async () => {
    for (const url of [
      `/api/organizations/${randomUUID()}`,
      '/api/organizations/not-a-uuid',
      '/api/organizations?country=XX',
      '/api/organizations?categories=no_such_category',
      '/api/users/profile',
    ]) {
      const answer = await get(url, { 'if-none-match': '*' });
      expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(answer.headers['cache-control'], url).toBe('no-store');
      expect(answer.headers.etag, url).toBeUndefined();
    }
  });

  it('keeps answers that depend on who asks private, without tags or 304s', async () => {
    const hiddenId = await createOrganization(ctx.database.db, {
      name: 'Owner Only',
      published: false,
      createdBy: ownerId,
    });
    for (const url of [
      '/api/auth/session',
      '/api/auth/get-session',
      '/api/users/profile',
      '/api/users/organizations',
      '/api/payments/subscriptions',
      '/api/payments/invoices',
      `/api/payments/subscription/${hiddenId}`,
      `/api/organizations/${hiddenId}`,
    ]) {
      const answer = await owner.call('GET', url, undefined, { 'if-none-match': '*' });
      expect(answer.status, url).toBe(200);
      // better-auth's own answer (get-session) says no-store itself, and keeps it.
      expect(answer.headers['cache-control'], url).toMatch(/^(private, )?no-store$/);
      expect(answer.headers.etag, url).toBeUndefined();
    }
    // Signed out, the session read is private too: it answers for whoever asks.
    const signedOut = await get('/api/auth/session');
    expect(signedOut.headers['cache-control']).toBe(PRIVATE_CACHE);
  });

  it('marks only the listed reads public, routes added later included', async () => {
    const reads = ctx.app.routeTable.filter(
      ({ method, url }) =>
        method === 'GET' && url.startsWith('/api/') && !url.startsWith('/api/docs'),
    );
    expect(reads.length).toBeGreaterThan(Object.keys(publicReads).length);
    for (const { url } of reads) {
      const concrete = url.replace(/:\w+/g, publishedId).replace('*', 'get-session');
      const answer = await owner.get(concrete);
      const cacheControl = String(answer.headers['cache-control']);
      if (url in publicReads && answer.status === 200) {
        expect(cacheControl, url).toBe(publicReads[url]);
      } else {
        expect(cacheControl, url).not.toMatch(/public/);
        expect(answer.headers.etag, url).toBeUndefined();
      }
    }
  });

  it('reads If-None-Match as RFC 9110 does', () => {
    expect(matchesIfNoneMatch(undefined, 'W/"a"')).toBe(false);
    expect(matchesIfNoneMatch('W/"a"', 'W/"a"')).toBe(true);
    expect(matchesIfNoneMatch('"a"', 'W/"a"')).toBe(true);
    expect(matchesIfNoneMatch('"b" , W/"a"', 'W/"a"')).toBe(true);
    expect(matchesIfNoneMatch('*', 'W/"a"')).toBe(true);
    expect(matchesIfNoneMatch('"ab"', 'W/"a"')).toBe(false);
  });
});

describe('tags follow changes (the directory cache off)', () => {
  let ctx: TestContext;
  let owner: Agent;
  let ownerId: string;
  const get = requester(() => ctx);

  beforeAll(async () => {
    ctx = await createTestApp({ DIRECTORY_CACHE_MS: '0' });
    await createOrganization(ctx.database.db, { name: 'Already Listed' });
    ({ browser: owner, id: ownerId } = await signUp(ctx, 'publisher@example.com'));
  });
  afterAll(() => ctx.close());

  it('asks caches to revalidate the directory each time, and changes its tag on publication', async () => {
    const before = await get('/api/organizations');
    expect(before.headers['cache-control']).toBe(REVALIDATE_CACHE);
    const etag = String(before.headers.etag);
    expect((await get('/api/organizations', { 'if-none-match': etag })).statusCode).toBe(304);

    const id = await createOrganization(ctx.database.db, {
      name: 'Newly Published',
      published: false,
      createdBy: ownerId,
    });
    // Unpublished: the owner's view is private; the list is unchanged.
    const hidden = await owner.get(`/api/organizations/${id}`);
    expect(hidden.headers['cache-control']).toBe(PRIVATE_CACHE);
    expect((await get('/api/organizations', { 'if-none-match': etag })).statusCode).toBe(304);

    await payInTestCheckout(owner, id);
    const after = await get('/api/organizations', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect((after.json() as { meta: { total: number } }).meta.total).toBe(2);

    const published = await get(`/api/organizations/${id}`);
    expect(published.headers['cache-control']).toBe(REVALIDATE_CACHE);
    const profileTag = String(published.headers.etag);
    expect(profileTag).toMatch(/^W\//);
    // The profile changes (a save, an image): the next check gets the new answer.
    await ctx.database.db
      .update(organizations)
      .set({ description: 'Teaches coding in libraries.' })
      .where(eq(organizations.id, id));
    const changed = await get(`/api/organizations/${id}`, { 'if-none-match': profileTag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(profileTag);
  });
});
