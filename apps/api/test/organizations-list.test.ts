import { eq } from 'drizzle-orm';
import { organizations } from '../src/db/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationListMeta, OrganizationSummary } from '@si/contracts';
import { createOrganization } from './support/factories.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

type ListBody = { data: OrganizationSummary[]; meta: OrganizationListMeta };

describe('GET /api/organizations', () => {
  let ctx: TestContext;
  const list = async (query: string) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/organizations${query}` });
    return {
      status: response.statusCode,
      body: response.json() as ListBody & { error: { code: string; message: string } },
    };
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    await createOrganization(db, {
      name: 'Alpha Water Kenya',
      country: 'KE',
      categoryIds: ['water_sanitation', 'nonprofit', 'community_led'],
      description: 'Clean water for rural schools.',
    });
    await createOrganization(db, {
      name: 'Beta Climate Kenya',
      country: 'KE',
      categoryIds: ['climate_action', 'nonprofit'],
      location: 'Mombasa',
    });
    await createOrganization(db, {
      name: 'Gamma Global',
      country: 'ALL',
      categoryIds: ['climate_action', 'water_sanitation', 'b_corp'],
    });
    await createOrganization(db, {
      name: 'Delta Brazil',
      country: 'BR',
      categoryIds: ['education', 'cooperative'],
      location: 'Recife',
    });
    await createOrganization(db, {
      name: 'Epsilon Hidden',
      country: 'KE',
      categoryIds: ['climate_action', 'nonprofit'],
      published: false,
    });
  });
  afterAll(() => ctx.close());

  it('lists only published organizations in name order with the total', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body.data.map((o) => o.name)).toEqual([
      'Alpha Water Kenya',
      'Beta Climate Kenya',
      'Delta Brazil',
      'Gamma Global',
    ]);
    expect(body.meta.total).toBe(4);
    expect(body.meta.nextCursor).toBeNull();
  });

  it('counts matching organizations per category (facets), unpublished ones excluded', async () => {
    const { body } = await list('');
    expect(body.meta.facets).toMatchObject({
      climate_action: 2,
      water_sanitation: 2,
      nonprofit: 2,
      education: 1,
      b_corp: 1,
    });
    const filtered = await list('?categories=climate_action');
    expect(filtered.body.meta.facets).toMatchObject({
      climate_action: 2,
      water_sanitation: 1,
      nonprofit: 1,
      b_corp: 1,
    });
    expect(filtered.body.meta.facets.education).toBeUndefined();
  });

  it('matches a country exactly, and organizations of country ALL match every country', async () => {
    const { body } = await list('?country=KE');
    expect(body.data.map((o) => o.name)).toEqual([
      'Alpha Water Kenya',
      'Beta Climate Kenya',
      'Gamma Global',
    ]);
    expect(body.meta.total).toBe(3);
    const brazil = await list('?country=BR');
    expect(brazil.body.data.map((o) => o.name)).toEqual(['Delta Brazil', 'Gamma Global']);
  });

  it('requires every selected category (AND)', async () => {
    const { body } = await list('?categories=climate_action,water_sanitation');
    expect(body.data.map((o) => o.name)).toEqual(['Gamma Global']);
    const combined = await list('?country=KE&categories=nonprofit,climate_action');
    expect(combined.body.data.map((o) => o.name)).toEqual(['Beta Climate Kenya']);
  });

  it('searches name, description and location by word prefix', async () => {
    expect((await list('?q=rural%20school')).body.data.map((o) => o.name)).toEqual([
      'Alpha Water Kenya',
    ]);
    expect((await list('?q=recif')).body.data.map((o) => o.name)).toEqual(['Delta Brazil']);
    expect((await list('?q=GAMMA')).body.data.map((o) => o.name)).toEqual(['Gamma Global']);
    const none = await list('?q=nothing-matches-this');
    expect(none.body.data).toEqual([]);
    expect(none.body.meta.total).toBe(0);
  });

  it('treats search text made only of symbols as no search, never as an error', async () => {
    const { status, body } = await list(`?q=${encodeURIComponent("'&|!:*()")}`);
    expect(status).toBe(200);
    expect(body.meta.total).toBe(4);
  });

  it('pages with a cursor until the end, without repeats or gaps', async () => {
    const first = await list('?limit=2');
    expect(first.body.data.map((o) => o.name)).toEqual(['Alpha Water Kenya', 'Beta Climate Kenya']);
    expect(first.body.meta.total).toBe(4);
    const second = await list(`?limit=2&cursor=${first.body.meta.nextCursor}`);
    expect(second.body.data.map((o) => o.name)).toEqual(['Delta Brazil', 'Gamma Global']);
    expect(second.body.meta.nextCursor).toBeNull();
  });

  it.each([
    [
      'an unknown category',
      '?categories=climate_action,not_a_category',
      'Unknown categories: not_a_category',
    ],
    ['a malformed category id', '?categories=Bad-Id', 'categories'],
    ['an unknown country code', '?country=QQ', 'Unknown country: QQ'],
    ['a malformed country', '?country=kenya', 'country'],
    ['a limit of 0', '?limit=0', 'limit'],
    ['a limit above 100', '?limit=101', 'limit'],
    ['a limit that is not a number', '?limit=ten', 'limit'],
    ['a broken cursor', '?cursor=not-a-cursor', 'The cursor is not valid'],
    ['an over-long search', `?q=${'a'.repeat(201)}`, 'Search text is at most 200 characters'],
    ['an unknown parameter', '?sort=name', 'sort'],
  ])('answers 400 with a clear error for %s', async (_label, query, expected) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.error.code).toMatch(/BAD_REQUEST|VALIDATION_FAILED/);
    expect(body.error.message).toContain(expected);
  });
});

describe('GET /api/organizations/active-countries', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await createOrganization(ctx.database.db, { country: 'KE' });
    await createOrganization(ctx.database.db, { country: 'ALL' });
    await createOrganization(ctx.database.db, { country: 'DE', published: false });
  });
  afterAll(() => ctx.close());

  it('lists countries with published organizations only; ALL adds none', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/organizations/active-countries',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([{ code: 'KE', name: 'Kenya', flagEmoji: '🇰🇪' }]);
  });
});

describe('directory counts follow every change to organizations', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ DIRECTORY_CACHE_MS: '0' });
  });
  afterAll(() => ctx.close());

  const meta = async (query = '') =>
    (
      (
        await ctx.app.inject({ method: 'GET', url: `/api/organizations${query}` })
      ).json() as ListBody
    ).meta;

  it('counts publication, category changes and deletion, unfiltered and by country', async () => {
    const { db } = ctx.database;
    const a = await createOrganization(db, {
      country: 'KE',
      categoryIds: ['education', 'nonprofit'],
    });
    await createOrganization(db, { country: 'ALL', categoryIds: ['education', 'b_corp'] });
    const hidden = await createOrganization(db, {
      country: 'KE',
      categoryIds: ['education'],
      published: false,
    });
    expect(await meta()).toMatchObject({
      total: 2,
      facets: { education: 2, nonprofit: 1, b_corp: 1 },
    });
    expect(await meta('?country=KE')).toMatchObject({ total: 2, facets: { education: 2 } });
    expect((await meta('?country=BR')).facets).toEqual({ education: 1, b_corp: 1 });

    await db.update(organizations).set({ published: true }).where(eq(organizations.id, hidden));
    expect((await meta('?country=KE')).total).toBe(3);

    await db
      .update(organizations)
      .set({ categoryIds: ['climate_action'] })
      .where(eq(organizations.id, a));
    expect((await meta()).facets).toEqual({ education: 2, b_corp: 1, climate_action: 1 });

    await db.delete(organizations).where(eq(organizations.id, a));
    const after = await meta();
    expect(after).toMatchObject({ total: 2, facets: { education: 2, b_corp: 1 } });
    expect(after.facets.climate_action).toBeUndefined();
    // The filtered (live) count agrees with the maintained one.
    expect((await meta('?categories=education')).total).toBe(2);
  });
});
