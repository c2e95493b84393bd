import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_ENTRIES, errorCodes, feedTexts } from '@si/contracts';
import { organizationRoles, organizations } from '../src/db/schema.ts';
import { createOrganization } from './support/factories.ts';
import { TEST_PUBLIC_URL, createTestApp, type TestContext } from './support/test-app.ts';
import { child, childrenNamed, parseXml, type XmlElement } from './support/xml.ts';

/**
 * The feeds of newly published organizations and new open roles (ADR 053): well-formed Atom
 * and RSS as a strict XML parser reads them, with what the W3C validator asks for, filtered as
 * the directory and /roles are, without what the public cannot see, and cached.
 */

const ATOM = 'http://www.w3.org/2005/Atom';
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const RFC_822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const DAY = 86_400_000;
const utcDate = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

describe('feeds', () => {
  let ctx: TestContext;
  // A made-up word in every name here: the feeds below are asked for it.
  const tag = `zf${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;
  const hostile = `Acorn & <Sons> "Quoted" 'Co' ${tag}`;
  const ids: Record<string, string> = {};
  const roleIds: Record<string, string> = {};

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  async function feed(url: string): Promise<XmlElement> {
    const answer = await get(url);
    expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
    return parseXml(answer.body);
  }

  /** The entries' titles of an Atom feed, in order. */
  const atomTitles = async (url: string) =>
    childrenNamed(await feed(url), 'entry').map((entry) => child(entry, 'title').text);

  /** Marks an organization first published `minutes` after a fixed moment. */
  async function publishedAt(id: string, minutes: number) {
    const at = new Date(Date.UTC(2026, 0, 1, 0, minutes)).toISOString();
    await ctx.database.db.execute(
      sql`update organization_first_published set at = ${at}::timestamptz where organization_id = ${id}`,
    );
  }

  async function addRole(
    title: string,
    organization: string,
    minutes: number,
    fields: Partial<typeof organizationRoles.$inferInsert> = {},
  ) {
    const [row] = await ctx.database.db
      .insert(organizationRoles)
      .values({
        organizationId: ids[organization]!,
        title: `${title} ${tag}`,
        kind: 'full_time',
        workplace: 'on_site',
        country: 'KE',
        city: 'Nairobi',
        description: 'Work that matters.',
        apply: 'https://example.org/jobs/1',
        closesOn: utcDate(20),
        postedAt: new Date(Date.UTC(2026, 0, 2, 0, minutes)),
        ...fields,
      })
      .returning({ id: organizationRoles.id });
    roleIds[title] = row!.id;
  }

  beforeAll(async () => {
    ctx = await createTestApp({ DIRECTORY_CACHE_MS: '15000', RATE_LIMITS: 'off' });
    const db = ctx.database.db;
    ids.Acorn = await createOrganization(db, {
      name: hostile,
      description: 'Schools & <libraries> for "everyone".',
      country: 'KE',
      categoryIds: ['education'],
    });
    ids.Birch = await createOrganization(db, {
      name: `Birch ${tag}`,
      country: 'GH',
      categoryIds: ['climate_action'],
    });
    ids.Cedar = await createOrganization(db, {
      name: `Cedar ${tag}`,
      country: 'KE',
      categoryIds: ['climate_action', 'nonprofit'],
    });
    ids.Hidden = await createOrganization(db, { name: `Hidden ${tag}`, published: false });
    await db
      .update(organizations)
      .set({ verifiedDomain: 'cedar.example', verifiedAt: new Date() })
      .where(eq(organizations.id, ids.Cedar!));
    await publishedAt(ids.Acorn, 1);
    await publishedAt(ids.Birch, 2);
    await publishedAt(ids.Cedar, 3);
    await addRole('Teacher', 'Acorn', 1);
    await addRole('Intern', 'Birch', 2, { kind: 'internship', workplace: 'remote', country: null });
    await addRole('Closed', 'Acorn', 3, { closedAt: new Date() });
    await addRole('Held', 'Acorn', 4, { heldAt: new Date(), heldReason: 'Checking' });
    await addRole('Expired', 'Acorn', 5, { closesOn: utcDate(-1) });
    await addRole('Unlisted', 'Hidden', 6);
  });
  afterAll(() => ctx?.close());

  it('serves valid Atom: ids, dates in RFC 3339, its own URL as rel=self, newest first', async () => {
    const url = `/feeds/organizations.atom?q=${tag}`;
    const answer = await get(url);
    expect(answer.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const root = parseXml(answer.body);
    expect(root).toMatchObject({ name: 'feed', uri: ATOM });
    expect(child(root, 'id').text).toBe(`${TEST_PUBLIC_URL}${url}`);
    expect(child(root, 'title').text).toBe(feedTexts.organizationsFilteredTitle);
    expect(child(child(root, 'author'), 'name').text).toBeTruthy();
    const links = childrenNamed(root, 'link');
    expect(links.find((link) => link.attributes.rel === 'self')?.attributes).toMatchObject({
      href: `${TEST_PUBLIC_URL}${url}`,
      type: 'application/atom+xml',
    });
    expect(links.find((link) => link.attributes.rel === 'alternate')?.attributes.href).toBe(
      `${TEST_PUBLIC_URL}/?q=${tag}`,
    );
    const entries = childrenNamed(root, 'entry');
    expect(entries.map((entry) => child(entry, 'title').text)).toEqual([
      `Cedar ${tag}`,
      `Birch ${tag}`,
      hostile,
    ]);
    for (const entry of entries) {
      expect(child(entry, 'id').text).toMatch(
        /^http:\/\/directory\.test\/organizations\/[0-9a-f-]{36}$/,
      );
      expect(child(entry, 'link').attributes.href).toBe(child(entry, 'id').text);
      expect(child(entry, 'updated').text).toMatch(RFC_3339);
    }
    expect(child(entries[0]!, 'id').text).toBe(`${TEST_PUBLIC_URL}/organizations/${ids.Cedar}`);
    expect(child(entries[0]!, 'updated').text).toBe('2026-01-01T00:03:00.000Z');
    expect(child(root, 'updated').text).toBe('2026-01-01T00:03:00.000Z');
  });

  it('escapes every text: names and descriptions holding &, <, and quotes', async () => {
    const answer = await get(`/feeds/organizations.atom?q=${tag}&categories=education`);
    expect(answer.body).toContain('Acorn &amp; &lt;Sons&gt; &quot;Quoted&quot; &apos;Co&apos;');
    const [entry] = childrenNamed(parseXml(answer.body), 'entry');
    expect(child(entry!, 'title').text).toBe(hostile);
    expect(child(entry!, 'summary').text).toBe('Schools & <libraries> for "everyone".');
    const rss = await feed(`/feeds/organizations.rss?q=${tag}&categories=education`);
    const item = child(child(rss, 'channel'), 'item');
    expect(child(item, 'title').text).toBe(hostile);
    expect(child(item, 'description').text).toBe('Schools & <libraries> for "everyone".');
  });

  it('serves valid RSS 2.0: pubDate in RFC 822, guid, and an atom:link to itself', async () => {
    const url = `/feeds/organizations.rss?q=${tag}&country=KE`;
    const answer = await get(url);
    expect(answer.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const root = parseXml(answer.body);
    expect(root.name).toBe('rss');
    expect(root.attributes.version).toBe('2.0');
    const channel = child(root, 'channel');
    const links = childrenNamed(channel, 'link');
    expect(links.find((link) => link.uri === '')?.text).toBe(
      `${TEST_PUBLIC_URL}/?q=${tag}&country=KE`,
    );
    expect(child(channel, 'description').text).toBeTruthy();
    const self = links.find((link) => link.uri === ATOM);
    expect(self?.attributes).toMatchObject({
      rel: 'self',
      href: `${TEST_PUBLIC_URL}${url}`,
      type: 'application/rss+xml',
    });
    const items = childrenNamed(channel, 'item');
    expect(items.map((item) => child(item, 'title').text)).toEqual([`Cedar ${tag}`, hostile]);
    expect(child(items[0]!, 'pubDate').text).toBe('Thu, 01 Jan 2026 00:03:00 GMT');
    for (const item of items) {
      expect(child(item, 'pubDate').text).toMatch(RFC_822);
      expect(child(item, 'guid').attributes.isPermaLink).toBe('true');
      expect(child(item, 'guid').text).toBe(child(item, 'link').text);
    }
  });

  it('follows the directory’s filters: categories, country, verified, hiring, text', async () => {
    const base = `/feeds/organizations.atom?q=${tag}`;
    expect(await atomTitles(`${base}&categories=climate_action`)).toEqual([
      `Cedar ${tag}`,
      `Birch ${tag}`,
    ]);
    expect(await atomTitles(`${base}&categories=climate_action,nonprofit`)).toEqual([
      `Cedar ${tag}`,
    ]);
    expect(await atomTitles(`${base}&country=GH`)).toEqual([`Birch ${tag}`]);
    expect(await atomTitles(`${base}&verified=true`)).toEqual([`Cedar ${tag}`]);
    expect(await atomTitles(`${base}&hiring=true`)).toEqual([`Birch ${tag}`, hostile]);
    expect(await atomTitles(`/feeds/organizations.atom?q=birch+${tag}`)).toEqual([`Birch ${tag}`]);
  });

  it('never lists an unpublished organization, nor one unpublished after it was listed', async () => {
    const everything = await atomTitles('/feeds/organizations.atom');
    expect(everything).toContain(`Cedar ${tag}`);
    expect(everything.some((title) => title.startsWith('Hidden'))).toBe(false);
    expect(everything.length).toBeLessThanOrEqual(FEED_ENTRIES);
    const db = ctx.database.db;
    await db
      .update(organizations)
      .set({ published: false })
      .where(eq(organizations.id, ids.Birch!));
    try {
      expect(await atomTitles(`/feeds/organizations.atom?q=${tag}`)).toEqual([
        `Cedar ${tag}`,
        hostile,
      ]);
      expect(
        (await atomTitles(`/feeds/roles.atom?q=${tag}`)).some((title) => title.includes('Intern')),
      ).toBe(false);
    } finally {
      await db
        .update(organizations)
        .set({ published: true })
        .where(eq(organizations.id, ids.Birch!));
    }
  });

  it('lists open roles only, newest first, with the /roles filters', async () => {
    const root = await feed(`/feeds/roles.atom?q=${tag}`);
    const entries = childrenNamed(root, 'entry');
    expect(entries.map((entry) => child(entry, 'title').text)).toEqual([
      feedTexts.roleEntryTitle(`Intern ${tag}`, `Birch ${tag}`),
      feedTexts.roleEntryTitle(`Teacher ${tag}`, hostile),
    ]);
    expect(child(entries[0]!, 'id').text).toBe(
      `${TEST_PUBLIC_URL}/organizations/${ids.Birch}/roles/${roleIds.Intern}`,
    );
    expect(child(entries[0]!, 'updated').text).toBe('2026-01-02T00:02:00.000Z');
    expect(
      childrenNamed(root, 'link').find((link) => link.attributes.rel === 'alternate')?.attributes
        .href,
    ).toBe(`${TEST_PUBLIC_URL}/roles?q=${tag}`);
    expect(await atomTitles(`/feeds/roles.atom?q=${tag}&kind=internship`)).toHaveLength(1);
    expect(await atomTitles(`/feeds/roles.atom?q=${tag}&remote=true`)).toEqual([
      feedTexts.roleEntryTitle(`Intern ${tag}`, `Birch ${tag}`),
    ]);
    expect(await atomTitles(`/feeds/roles.atom?q=${tag}&categories=education`)).toEqual([
      feedTexts.roleEntryTitle(`Teacher ${tag}`, hostile),
    ]);
    const rss = await feed(`/feeds/roles.rss?q=${tag}&kind=full_time`);
    const items = childrenNamed(child(rss, 'channel'), 'item');
    expect(items).toHaveLength(1);
    expect(child(items[0]!, 'pubDate').text).toBe('Fri, 02 Jan 2026 00:01:00 GMT');
  });

  it('refuses a filter the directory refuses, in the API’s error shape, never kept', async () => {
    for (const query of ['categories=no_such_category', 'country=XX', 'verified=yes', 'hiring=1']) {
      const answer = await get(`/feeds/organizations.atom?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.headers['cache-control'], query).toBe('no-store');
      const body = answer.json<{ error: { code: string; message: string } }>();
      expect(body.error.message, query).toBeTruthy();
      expect([errorCodes.validation, errorCodes.badRequest], query).toContain(body.error.code);
    }
    for (const query of ['kind=manager', 'remote=false', 'categories=no_such_category']) {
      const answer = await get(`/feeds/roles.rss?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json<{ error: { code: string } }>().error.code, query).toBeTruthy();
    }
  });

  it('drops parameters that are not its filters: paging, tracking, the directory’s on /roles', async () => {
    const organizations = await atomTitles(`/feeds/organizations.atom?q=${tag}`);
    expect(organizations.length).toBeGreaterThan(0);
    expect(
      await atomTitles(`/feeds/organizations.atom?q=${tag}&limit=5&cursor=abc&utm_source=news`),
    ).toEqual(organizations);
    const roles = await atomTitles(`/feeds/roles.atom?q=${tag}`);
    expect(roles.length).toBeGreaterThan(0);
    // The directory's filters, as a reader following the home page's feed link would send them.
    expect(await atomTitles(`/feeds/roles.atom?q=${tag}&verified=true&hiring=true`)).toEqual(roles);
  });

  it('is cached as the directory is: public Cache-Control, an ETag, 304 until a change', async () => {
    const url = `/feeds/organizations.atom?q=${tag}`;
    const first = await get(url);
    expect(first.headers['cache-control']).toBe('public, max-age=15, stale-while-revalidate=60');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const roles = await get(`/feeds/roles.rss?q=${tag}`);
    expect(roles.headers.etag).toBeTruthy();
    expect(
      (await get(`/feeds/roles.rss?q=${tag}`, { 'if-none-match': String(roles.headers.etag) }))
        .statusCode,
    ).toBe(304);

    const newer = await createOrganization(ctx.database.db, { name: `Dogwood ${tag}` });
    const changed = await get(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(childrenNamed(parseXml(changed.body), 'entry')[0]).toMatchObject({
      children: expect.arrayContaining([
        expect.objectContaining({ name: 'id', text: `${TEST_PUBLIC_URL}/organizations/${newer}` }),
      ]) as unknown,
    });
  });
});
