import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleListMessages, type RoleListItem, type RoleListMeta } from '@si/contracts';
import { organizationRoles } from '../src/db/schema.ts';
import { createOrganization } from './support/factories.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

/**
 * GET /api/roles (ADR 044): every open role of published organizations, newest first, with
 * exact totals. Roles are written straight into organization_roles, as any writer may; the
 * next answer must show them. Every role here carries one made-up word in its title, and every
 * list asks for it, so other tests' roles never count.
 */

type ListBody = { data: RoleListItem[]; meta: RoleListMeta };

const DAY = 86_400_000;
const utcDate = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

describe('GET /api/roles', () => {
  let ctx: TestContext;
  const tag = `zr${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;
  const orgs: Record<string, string> = {};
  const roles: Record<string, string> = {};
  let minutes = 0;

  /** A role titled `<title> <tag>`, posted a minute after the one before (so newest is last). */
  async function addRole(
    title: string,
    organization: string,
    fields: Partial<typeof organizationRoles.$inferInsert> = {},
  ) {
    minutes += 1;
    const [row] = await ctx.database.db
      .insert(organizationRoles)
      .values({
        organizationId: orgs[organization]!,
        title: `${title} ${tag}`,
        kind: 'full_time',
        workplace: 'on_site',
        country: 'KE',
        description: 'Work that matters.',
        apply: 'https://example.org/jobs/1',
        closesOn: utcDate(20),
        postedAt: new Date(Date.UTC(2026, 0, 1, 0, minutes)),
        ...fields,
      })
      .returning({ id: organizationRoles.id });
    roles[title] = row!.id;
  }

  const get = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/roles?${query}` });

  async function list(query: string): Promise<ListBody> {
    const response = await get(`q=${tag}&limit=100${query}`);
    expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
    return response.json() as ListBody;
  }

  /** The titles listed (without the tag) and the total. */
  async function titles(query: string) {
    const { data, meta } = await list(query);
    return { titles: data.map((role) => role.title.replace(` ${tag}`, '')), total: meta.total };
  }

  beforeAll(async () => {
    ctx = await createTestApp({ DIRECTORY_CACHE_MS: '0', RATE_LIMITS: 'off' });
    const db = ctx.database.db;
    orgs.Acacia = await createOrganization(db, {
      name: 'Acacia Trust',
      categoryIds: ['education'],
    });
    orgs.Baobab = await createOrganization(db, {
      name: 'Baobab Works',
      categoryIds: ['climate_action', 'nonprofit'],
    });
    orgs.Hidden = await createOrganization(db, { name: 'Hidden Org', published: false });
    await addRole('Nairobi teacher', 'Acacia');
    await addRole('Paris analyst', 'Baobab', { kind: 'contract', country: 'FR', city: 'Paris' });
    await addRole('Berlin hybrid', 'Baobab', {
      kind: 'part_time',
      workplace: 'hybrid',
      country: 'DE',
    });
    await addRole('Remote anywhere', 'Acacia', {
      kind: 'internship',
      workplace: 'remote',
      country: null,
    });
    await addRole('Remote Europe', 'Baobab', {
      kind: 'contract',
      workplace: 'remote',
      country: null,
      remoteCountries: ['FR', 'DE'],
    });
    // Its last day is today: open through the end of it.
    await addRole('Last day', 'Acacia', { closesOn: utcDate(0) });
    await addRole('Expired', 'Acacia', { closesOn: utcDate(-1) });
    await addRole('Closed', 'Baobab', { closedAt: new Date() });
    await addRole('Held', 'Baobab', { heldAt: new Date(), heldReason: 'Under review' });
    await addRole('Unpublished', 'Hidden');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('lists the open roles of published organizations only, newest first, with the total', async () => {
    const { data, meta } = await list('');
    expect(data.map((role) => role.title.replace(` ${tag}`, ''))).toEqual([
      'Last day',
      'Remote Europe',
      'Remote anywhere',
      'Berlin hybrid',
      'Paris analyst',
      'Nairobi teacher',
    ]);
    expect(meta).toEqual({ total: 6, nextCursor: null });
    expect(data[1]).toEqual({
      id: roles['Remote Europe'],
      organizationId: orgs.Baobab,
      organizationName: 'Baobab Works',
      title: `Remote Europe ${tag}`,
      kind: 'contract',
      workplace: 'remote',
      country: null,
      city: null,
      remoteCountries: ['FR', 'DE'],
      postedAt: '2026-01-01T00:05:00.000Z',
      closesOn: utcDate(20),
    });
  });

  it('filters by kind, remote, country, category and text, counting exactly', async () => {
    expect(await titles('&kind=contract')).toEqual({
      titles: ['Remote Europe', 'Paris analyst'],
      total: 2,
    });
    expect(await titles('&kind=contract,internship')).toEqual({
      titles: ['Remote Europe', 'Remote anywhere', 'Paris analyst'],
      total: 3,
    });
    expect(await titles('&remote=true')).toEqual({
      titles: ['Remote Europe', 'Remote anywhere'],
      total: 2,
    });
    // On site or hybrid there, or remote and open to it or to anywhere.
    expect(await titles('&country=FR')).toEqual({
      titles: ['Remote Europe', 'Remote anywhere', 'Paris analyst'],
      total: 3,
    });
    expect(await titles('&country=KE')).toEqual({
      titles: ['Last day', 'Remote anywhere', 'Nairobi teacher'],
      total: 3,
    });
    expect(await titles('&country=DE&remote=true&kind=contract')).toEqual({
      titles: ['Remote Europe'],
      total: 1,
    });
    expect(await titles('&country=ALL')).toMatchObject({ total: 6 });
    expect(await titles('&categories=climate_action,nonprofit')).toEqual({
      titles: ['Remote Europe', 'Berlin hybrid', 'Paris analyst'],
      total: 3,
    });
    expect(await titles('&categories=education&country=FR')).toEqual({
      titles: ['Remote anywhere'],
      total: 1,
    });
    // Text: prefixes of the title's words and of the organization's name.
    const byTitle = (await get(`q=${tag}%20remo&limit=100`)).json() as ListBody;
    expect(byTitle.data.map((role) => role.id)).toEqual([
      roles['Remote Europe'],
      roles['Remote anywhere'],
    ]);
    expect(byTitle.meta.total).toBe(2);
    const byOrganization = await get(`q=${tag}%20baob&limit=100`);
    expect((byOrganization.json() as ListBody).meta.total).toBe(3);
    expect(await titles('&kind=volunteer')).toEqual({ titles: [], total: 0 });
  });

  it('pages by cursor without losing or repeating a role, the total on every page', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `q=${tag}&limit=4${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await get(query);
      expect(response.statusCode).toBe(200);
      const { data, meta } = response.json() as ListBody;
      expect(meta.total).toBe(6);
      seen.push(...data.map((role) => role.id));
      cursor = meta.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual((await list('')).data.map((role) => role.id));
    // A filtered page follows the same order.
    const first = await get(`q=${tag}&country=FR&limit=2`);
    const next = (first.json() as ListBody).meta.nextCursor!;
    const second = (await get(`q=${tag}&country=FR&limit=2&cursor=${next}`)).json() as ListBody;
    expect(second.data.map((role) => role.title)).toEqual([`Paris analyst ${tag}`]);
  });

  it('follows writes at once: a new role, an edited title, a closing, an unpublishing', async () => {
    await addRole('Fresh', 'Acacia', { kind: 'volunteer' });
    expect(await titles('&kind=volunteer')).toEqual({ titles: ['Fresh'], total: 1 });
    await ctx.database.db
      .update(organizationRoles)
      .set({ title: `Renamed ${tag}` })
      .where(eq(organizationRoles.id, roles.Fresh!));
    expect(await titles('&kind=volunteer')).toEqual({ titles: ['Renamed'], total: 1 });
    await ctx.database.db
      .update(organizationRoles)
      .set({ closedAt: new Date() })
      .where(eq(organizationRoles.id, roles.Fresh!));
    expect(await titles('&kind=volunteer')).toEqual({ titles: [], total: 0 });
    await ctx.database.db.execute(
      sql`update organizations set published = false where id = ${orgs.Acacia!}`,
    );
    expect(await titles('')).toEqual({
      titles: ['Remote Europe', 'Berlin hybrid', 'Paris analyst'],
      total: 3,
    });
    await ctx.database.db.execute(
      sql`update organizations set published = true where id = ${orgs.Acacia!}`,
    );
    expect(await titles('')).toMatchObject({ total: 6 });
  });

  it('is public and revalidated: the same state answers 304 to its ETag', async () => {
    const first = await get(`q=${tag}`);
    expect(first.headers['cache-control']).toMatch(/public/);
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/api/roles?q=${tag}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('refuses bad values with a clear message', async () => {
    const cases: [string, string][] = [
      ['kind=manager', roleListMessages.unknownKind],
      ['remote=false', roleListMessages.remoteTrueOnly],
      ['country=ZZ', 'Unknown country: ZZ'],
      ['country=france', 'Country codes are ISO 3166-1 alpha-2, or ALL'],
      ['categories=no_such_thing', 'Unknown categories: no_such_thing'],
      ['limit=0', roleListMessages.limit],
      ['limit=many', roleListMessages.limit],
      ['cursor=nonsense', 'The cursor is not valid'],
      ['status=all', 'status'],
    ];
    for (const [query, message] of cases) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.body, query).toContain(message);
    }
  });
});
