import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  footerTexts,
  homeTexts,
  notFoundTexts,
  siteName,
  type OrganizationListMeta,
} from '@si/contracts';
import { createOrganization } from './support/factories.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';
import { buildWebForTests, type WebBuild } from './support/web-build.ts';
const hostileName = '</script><img src=x onerror=alert(1)> & "Co"';

interface ListBody {
  data: { id: string; name: string }[];
  meta: OrganizationListMeta;
}

/** The JSON the page carries for the browser to hydrate from. */
function pageState(html: string): { queries: { queries: { state: { data: unknown } }[] } } {
  const match = /<script type="application\/json" id="app-state"[^>]*>([\s\S]*?)<\/script>/.exec(
    html,
  );
  expect(match, 'the page carries its state').not.toBeNull();
  return JSON.parse(match![1]!) as ReturnType<typeof pageState>;
}

/** The organization cards in the page, in order, by the profile they link to. */
const cardIds = (html: string) =>
  [...html.matchAll(/<a [^>]*data-testid="organization-card"[^>]*>/g)].map(
    (match) => /href="\/organizations\/([0-9a-f-]{36})"/.exec(match[0])?.[1],
  );

describe('public pages rendered on the server', () => {
  let ctx: TestContext;
  let web: WebBuild;
  let profileId: string;
  let hostileId: string;
  let unpublishedId: string;

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });
  const list = async (query: string) => (await get(`/api/organizations?${query}`)).json<ListBody>();

  beforeAll(async () => {
    web = await buildWebForTests();
    ctx = await createTestApp({
      WEB_DIST_DIR: web.distDir,
      DIRECTORY_CACHE_MS: '0',
    });
    const db = ctx.database.db;
    profileId = await createOrganization(db, {
      name: 'Aaa River Commons',
      description: 'We restore rivers with the people who live beside them.',
      country: 'PE',
      location: 'Arequipa',
      categoryIds: ['climate_action', 'education', 'nonprofit'],
    });
    hostileId = await createOrganization(db, { name: hostileName, country: 'KE' });
    unpublishedId = await createOrganization(db, { name: 'Quiet Draft', published: false });
    for (let index = 0; index < 14; index += 1) {
      await createOrganization(db, {
        name: `Bulk Organization ${String(index).padStart(2, '0')}`,
        country: index % 2 ? 'KE' : 'GH',
        categoryIds: index % 3 ? ['climate_action', 'nonprofit'] : ['education', 'nonprofit'],
      });
    }
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
    await web?.remove();
  });

  it('renders home with its heading, filters, counts and the first page of cards', async () => {
    const answer = await get('/');
    expect(answer.statusCode).toBe(200);
    const html = answer.body;
    expect(html).toContain(homeTexts.heading);
    expect(html).toContain('id="directory-filters"');
    expect(html).toContain('name="country"');
    expect(html).toContain('value="climate_action"');
    const api = await list('limit=12');
    expect(cardIds(html)).toEqual(api.data.map((organization) => organization.id));
    expect(html).toContain(homeTexts.gridHeading(String(api.meta.total)));
    // The facet count of a category is in the button's label.
    expect(html).toContain(`Climate Action, ${api.meta.facets.climate_action} organizations`);
  });

  it('lists exactly the cards the API lists for the URL’s filter', async () => {
    for (const [page, query] of [
      ['/?country=KE&categories=climate_action', 'country=KE&categories=climate_action'],
      ['/?categories=education', 'categories=education'],
      ['/?q=river', 'q=river'],
    ] as const) {
      const html = (await get(page)).body;
      const api = await list(`${query}&limit=12`);
      expect(api.data.length, page).toBeGreaterThan(0);
      expect(cardIds(html), page).toEqual(api.data.map((organization) => organization.id));
    }
  });

  it('links to the next page, which renders the API’s next page', async () => {
    const html = (await get('/')).body;
    const next = /<a href="([^"]+)" rel="next"/.exec(html);
    expect(next).not.toBeNull();
    const href = next![1]!.replace(/&amp;/g, '&');
    const cursor = new URL(href, 'http://x').searchParams.get('cursor');
    const first = await list('limit=12');
    expect(cursor).toBe(first.meta.nextCursor);
    const nextHtml = (await get(href)).body;
    const api = await list(`limit=12&cursor=${encodeURIComponent(cursor!)}`);
    expect(cardIds(nextHtml)).toEqual(api.data.map((organization) => organization.id));
    expect(nextHtml).toContain('Back to the first page');
  });

  it('links its feeds from the head, with the page’s filters and no script (ADR 053)', async () => {
    const alternates = (html: string) =>
      [...html.matchAll(/<link rel="alternate" type="([^"]+)" title="[^"]+" href="([^"]+)">/g)].map(
        ([, type, href]) => [type, href!.replace(/&amp;/g, '&')],
      );
    const base = 'http://directory.test/feeds';
    expect(alternates((await get('/?country=KE&categories=climate_action')).body)).toEqual([
      ['application/atom+xml', `${base}/organizations.atom?country=KE&categories=climate_action`],
      ['application/rss+xml', `${base}/organizations.rss?country=KE&categories=climate_action`],
    ]);
    expect(alternates((await get('/')).body)[0]).toEqual([
      'application/atom+xml',
      `${base}/organizations.atom`,
    ]);
    const roles = (await get('/roles?kind=internship&remote=true')).body;
    expect(alternates(roles)).toEqual([
      ['application/atom+xml', `${base}/roles.atom?kind=internship&remote=true`],
      ['application/rss+xml', `${base}/roles.rss?kind=internship&remote=true`],
    ]);
  });

  it('sends a filter form submitted without JavaScript on to the filter’s own URL', async () => {
    const toggled = await get('/?country=KE&q=&categories=climate_action&toggle=education');
    expect(toggled.statusCode).toBe(303);
    const location = new URL(String(toggled.headers.location), 'http://x');
    expect(location.pathname).toBe('/');
    expect(location.searchParams.get('categories')).toBe('climate_action,education');
    expect(location.searchParams.get('country')).toBe('KE');
    expect(location.searchParams.has('toggle')).toBe(false);

    const untoggled = await get('/?categories=climate_action,education&toggle=climate_action');
    expect(new URL(String(untoggled.headers.location), 'http://x').search).toBe(
      '?categories=education',
    );
    const cleared = await get('/?country=KE&categories=education&q=river&clear=all');
    expect(cleared.headers.location).toBe('/');
  });

  it('renders a whole profile, and a 404 page for one that is not public', async () => {
    const answer = await get(`/organizations/${profileId}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<h1');
    expect(answer.body).toContain('Aaa River Commons');
    expect(answer.body).toContain('We restore rivers with the people who live beside them.');
    expect(answer.body).toContain('Climate Action');
    expect(answer.body).toContain('Education &amp; Learning');
    expect(answer.body).toContain('Arequipa');

    for (const id of [unpublishedId, '00000000-0000-4000-8000-000000000000']) {
      const missing = await get(`/organizations/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('Organization Not Found');
      expect(missing.body).not.toContain('Quiet Draft');
    }
    const nowhere = await get('/no/such/page');
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.body).toContain(notFoundTexts.title);
  });

  it('renders the static pages with their content', async () => {
    for (const page of ['/about', '/contact', '/faq', '/privacy']) {
      const answer = await get(page);
      expect(answer.statusCode, page).toBe(200);
      const root = /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(
        answer.body,
      );
      expect(root?.[1], page).toMatch(/<h1[^>]*>[^<]+/);
    }
  });

  it('sends every page with its footer: the quick links, the tagline and the contact email (ADR 019)', async () => {
    for (const page of [
      '/',
      `/organizations/${profileId}`,
      '/faq',
      '/about',
      '/privacy',
      '/no/such/page',
      `/organizations/${unpublishedId}`,
    ]) {
      const html = (await get(page)).body;
      const footer = /<footer[\s\S]*<\/footer>/.exec(html)?.[0];
      expect(footer, page).toBeDefined();
      for (const [label, href] of [
        ['Home', '/'],
        ['About', '/about'],
        ['Contact', '/contact'],
        ['FAQ', '/faq'],
        ['Privacy Policy', '/privacy'],
      ]) {
        expect(footer, `${page}: ${label}`).toMatch(
          new RegExp(`<a [^>]*href="${href}"[^>]*>${label}</a>`),
        );
      }
      expect(footer, page).toContain(footerTexts.tagline);
      expect(footer, page).toMatch(
        /<a [^>]*href="mailto:support@example.org"[^>]*>support@example.org<\/a>/,
      );
      expect(footer, page).toContain(`© ${new Date().getFullYear()} ${siteName}`);
    }
  });

  it('keeps a hostile name text, in the HTML and in the JSON state', async () => {
    for (const page of ['/', `/organizations/${hostileId}`]) {
      const html = (await get(page)).body;
      expect(html, page).not.toContain('<img src=x');
      expect(html, page).toContain('&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;');
      // No script but the app's own module, the JSON-LD and the state: nothing inline runs.
      const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]!);
      for (const attributes of scripts) {
        expect(attributes, page).toMatch(/src="\/assets\/|type="application\/(ld\+)?json"/);
      }
      const names = JSON.stringify(pageState(html));
      expect(names, page).toContain(JSON.stringify(hostileName).slice(1, -1));
    }
  });

  it('carries what it rendered, so the browser hydrates without fetching again', async () => {
    const html = (await get('/?categories=education')).body;
    const queries = pageState(html).queries.queries;
    const lists = queries
      .map((query) => query.state.data as { pages?: ListBody[] })
      .filter((data) => data.pages);
    expect(lists).toHaveLength(1);
    const api = await list('categories=education&limit=12');
    expect(lists[0]!.pages![0]!.data.map((organization) => organization.id)).toEqual(
      api.data.map((organization) => organization.id),
    );
  });

  it('names the reference answers instead of carrying them, under a version the browser may keep for good', async () => {
    const home = (await get('/')).body;
    const profile = (await get(`/organizations/${profileId}`)).body;
    const shared = (html: string) => /data-shared="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? [];
    const [homeVersion, ...homeNames] = shared(home);
    const [profileVersion, ...profileNames] = shared(profile);
    expect(homeNames.sort()).toEqual(['categories', 'category-groups', 'countries']);
    expect(profileNames.sort()).toEqual(['categories', 'countries']);
    expect(profileVersion).toBe(homeVersion);
    for (const html of [home, profile]) {
      const state = pageState(html) as ReturnType<typeof pageState> & {
        activeCountryCodes?: string[];
      };
      const keys = state.queries.queries.map((query) => JSON.stringify(query));
      expect(keys.join()).not.toContain('"reference","categories"');
      expect(keys.join()).not.toContain('"reference","countries"');
      // Country names are in the page as text, never in its state: the browser has them.
      expect(JSON.stringify(state)).not.toContain('Kenya');
    }
    const homeState = pageState(home) as { activeCountryCodes?: string[] };
    expect(homeState.activeCountryCodes?.sort()).toEqual(['GH', 'KE', 'PE']);
    expect(home).toContain('Kenya');

    for (const name of profileNames) {
      const current = await get(`/api/${name}?v=${profileVersion}`);
      expect(current.statusCode).toBe(200);
      expect(current.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(current.json()).toEqual((await get(`/api/${name}`)).json());
      // Another version's name gets today's answer, which nobody may keep under that name.
      const other = await get(`/api/${name}?v=an-older-version`);
      expect(other.headers['cache-control']).toBe('public, no-cache');
    }
  });

  it('sends a build file with the headers a file obeys, and none that only a page needs', async () => {
    const page = await get('/faq');
    const file = await get('/assets/index-abc.css');
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    for (const name of [
      'content-security-policy',
      'permissions-policy',
      'strict-transport-security',
      'referrer-policy',
      'x-request-id',
      'etag',
      'last-modified',
    ]) {
      expect(file.headers[name], name).toBeUndefined();
    }
    // The page keeps them: the host's rules come with it.
    expect(page.headers['strict-transport-security']).toMatch(/max-age=/);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-request-id']).toBeTruthy();
  });

  it('compresses every page when asked, profiles and 404 pages too', async () => {
    for (const page of [`/organizations/${profileId}`, '/faq', '/no/such/page', '/login']) {
      const answer = await get(page, { 'accept-encoding': 'br, gzip' });
      expect(answer.headers['content-encoding'], page).toBe('br');
      expect(brotliDecompressSync(answer.rawPayload).toString(), page).toContain('</html>');
    }
  });

  it('compresses a page when asked, and only then', async () => {
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip'] as const) {
      const answer = await get('/', { 'accept-encoding': encoding });
      expect(answer.headers['content-encoding']).toBe(encoding);
      const body =
        encoding === 'br' ? brotliDecompressSync(answer.rawPayload) : gunzipSync(answer.rawPayload);
      expect(cardIds(body.toString())).toEqual(cardIds(plain.body));
    }
  });

  it('compresses a page served again and again harder, once: fewer bytes, the same page', async () => {
    const url = '/?country=GH';
    const brotli = () => get(url, { 'accept-encoding': 'br' });
    const first = await brotli();
    const html = brotliDecompressSync(first.rawPayload).toString();
    expect(html).toContain('</html>');
    // Served from memory three times: its turn in the background lane comes.
    for (let served = 0; served < 3; served += 1) await brotli();
    // A bound on a hang (the lane runs off the main thread), not a speed.
    await expect
      .poll(async () => (await brotli()).rawPayload.length, { timeout: 15_000 })
      .toBeLessThan(first.rawPayload.length * 0.95);
    const later = await brotli();
    expect(brotliDecompressSync(later.rawPayload).toString()).toBe(html);
    expect(later.headers.etag).toBe(first.headers.etag);
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(html);
  });

  it('is cacheable: the same for every visitor, with an ETag a conditional request meets', async () => {
    const first = await get('/faq');
    const withCookie = await get('/faq', { cookie: 'better-auth.session_token=whoever' });
    expect(first.headers['cache-control']).toMatch(
      /^public, max-age=\d+, stale-while-revalidate=\d+$/,
    );
    expect(first.headers.etag).toMatch(/^W\/"/);
    expect(withCookie.headers.etag).toBe(first.headers.etag);
    expect(String(first.headers.vary ?? '')).not.toMatch(/cookie/i);

    const again = await get('/faq', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const home = await get('/');
    await createOrganization(ctx.database.db, { name: 'Aaa Newcomer' });
    const changed = await get('/', { 'if-none-match': String(home.headers.etag) });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(home.headers.etag);

    // A profile and a 404 are checked every time; a page rendered without its data is not kept.
    const profile = await get(`/organizations/${profileId}`);
    expect(profile.headers['cache-control']).toBe('public, no-cache');
    expect(profile.headers.etag).toMatch(/^W\//);
    const missing = await get(`/organizations/${unpublishedId}`);
    expect(missing.headers['cache-control']).toBe('public, no-cache');
    const refused = await get('/?cursor=not-a-cursor');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.headers.etag).toBeUndefined();
  });
});
