import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, CategoryGroup, Milestone, Organization } from '@si/contracts';
import { signUp, type Body } from './support/accounts.ts';
import { createOrganization } from './support/factories.ts';
import { payInTestCheckout } from './support/payments.ts';
import { saveProfile } from './support/profile-saves.ts';
import { startSecondAppInstance, type SecondAppInstance } from './support/second-app-instance.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';
import { buildWebForTests, type WebBuild } from './support/web-build.ts';

/**
 * Rendered pages are kept (ADR 027) and stay exactly as fresh as the list API (ADR 018): a
 * change committed before a page request arrives is in that page, on every server instance.
 * Two instances share one database (own pools on PostgreSQL); each page is asked for on both
 * before every change, so whatever either keeps is put to the test. Nothing waits or polls.
 */

const TOKEN = 'page-freshness-metrics-token-0123456789';
const env = { DIRECTORY_CACHE_MS: '0', RATE_LIMITS: 'off', METRICS_TOKEN: TOKEN };
/** A page is stored after its answer is sent: on a busy machine that may take seconds (a bound on a hang, not a speed). */
const storing = { timeout: 15_000 };

interface Page {
  status: number;
  html: string;
  /** Served from the process's memory. */
  kept: boolean;
  /** Served from the host's disk (ADR 030), rendered before by either instance. */
  stored: boolean;
  etag: string | undefined;
}

describe('pages kept between requests, across two server instances on one database', () => {
  let web: WebBuild;
  let ctx: TestContext;
  let second: SecondAppInstance;
  let instances: { name: string; app: FastifyInstance }[];

  async function page(app: FastifyInstance, url: string): Promise<Page> {
    const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    return {
      status: response.statusCode,
      html: response.body,
      kept: String(response.headers['server-timing'] ?? '').includes('desc="kept"'),
      stored: String(response.headers['server-timing'] ?? '').includes('desc="stored"'),
      etag: response.headers.etag as string | undefined,
    };
  }

  /** Asks every instance for `url` twice: the second answer is the kept page, if one was kept. */
  async function everyInstance(url: string): Promise<Page[]> {
    const pages = [];
    for (const { app } of instances) {
      await page(app, url);
      pages.push(await page(app, url));
    }
    return pages;
  }

  async function renders(app: FastifyInstance): Promise<number> {
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    return Number(/^page_renders_total(?:\{[^}]*\})? (\d+)/m.exec(response.body)?.[1] ?? NaN);
  }

  beforeAll(async () => {
    web = await buildWebForTests();
    ctx = await createTestApp({ ...env, WEB_DIST_DIR: web.distDir });
    second = await startSecondAppInstance(ctx, { ...env, WEB_DIST_DIR: web.distDir });
    instances = [
      { name: 'B', app: second.app },
      { name: 'A', app: ctx.app },
    ];
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
    await web?.remove();
  });

  it('serves a page asked for again as kept, without rendering it again', async () => {
    const id = await createOrganization(ctx.database.db, { name: 'Kept Harbour Trust' });
    const first = await page(ctx.app, `/organizations/${id}`);
    expect(first.kept).toBe(false);
    const before = await renders(ctx.app);
    const again = await page(ctx.app, `/organizations/${id}`);
    expect(again).toMatchObject({ status: 200, kept: true, etag: first.etag });
    expect(again.html).toContain('Kept Harbour Trust');
    expect(await renders(ctx.app)).toBe(before);
  });

  it('shows a profile edited through the database in the next page of both instances', async () => {
    const id = await createOrganization(ctx.database.db, {
      name: 'Lakeside Water Trust',
      location: 'Kisumu',
    });
    const url = `/organizations/${id}`;
    for (const kept of await everyInstance(url)) {
      expect(kept).toMatchObject({ status: 200, kept: true });
      expect(kept.html).toContain('Lakeside Water Trust');
    }

    await ctx.database.db.execute(
      sql`update organizations set name = 'Lake Basin Trust', location = 'Homa Bay' where id = ${id}`,
    );
    for (const { app, name } of instances) {
      const next = await page(app, url);
      expect(next.kept, name).toBe(false);
      expect(next.html, name).toContain('Lake Basin Trust');
      expect(next.html, name).toContain('Homa Bay');
      expect(next.html, name).not.toContain('Lakeside Water Trust');
    }

    // A category's detail is written on its link row; the save touches the organization too.
    await ctx.database.db.execute(sql`
      update organization_categories set detail = 'Wells in every village' where organization_id = ${id}`);
    await ctx.database.db.execute(
      sql`update organizations set updated_at = now() where id = ${id}`,
    );
    for (const { app, name } of instances) {
      expect((await page(app, url)).html, name).toContain('Wells in every village');
    }

    // Taken down (a lapse, an operator): the next page is the 404 page, on both.
    await ctx.database.db.execute(sql`update organizations set published = false where id = ${id}`);
    for (const { app, name } of instances) {
      const gone = await page(app, url);
      expect(gone.status, name).toBe(404);
      expect(gone.html, name).not.toContain('Lake Basin Trust');
    }
  });

  it('shows the directory’s changes in the next home page of both instances', async () => {
    const url = '/?q=marigold';
    for (const kept of await everyInstance(url)) {
      expect(kept.html).not.toContain('Marigold');
      // The country filter offers the countries that have an organization: not Ghana yet.
      expect(kept.html).not.toContain('<option value="GH">');
    }

    const id = await createOrganization(ctx.database.db, {
      name: 'Marigold Seed Library',
      country: 'GH',
      categoryIds: ['education'],
    });
    for (const { app, name } of instances) {
      const next = (await page(app, url)).html;
      expect(next, name).toContain('Marigold Seed Library');
      expect(next, name).toContain('<option value="GH">');
    }
    for (const kept of await everyInstance(url)) expect(kept.kept).toBe(true);

    await ctx.database.db.execute(
      sql`update organizations set name = 'Marigold Commons' where id = ${id}`,
    );
    for (const { app, name } of instances) {
      const next = (await page(app, url)).html;
      expect(next, name).toContain('Marigold Commons');
      expect(next, name).not.toContain('Marigold Seed Library');
    }
  });

  it('shows a profile paid for and saved through A’s API in B’s next pages', async () => {
    const { browser: owner } = await signUp(ctx, 'page-owner@example.com');
    const categories = (await owner.get<Body<Category[]>>('/api/categories')).body.data;
    const groups = (await owner.get<Body<CategoryGroup[]>>('/api/category-groups')).body.data;
    // One category of each group, as the editor asks for.
    const categoryIds = groups.map(
      (group) => categories.find((category) => category.groupId === group.id)!.id,
    );
    const created = await owner.post<Body<Organization>>('/api/organizations', {
      name: 'Tidewater Commons',
      description: 'Restores salt marshes with coastal towns.',
      country: 'PT',
      categoryIds,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;
    const url = `/organizations/${id}`;
    for (const { app, name } of instances) expect((await page(app, url)).status, name).toBe(404);
    expect((await page(second.app, '/?q=tidewater')).html).not.toContain('Tidewater Commons');

    await payInTestCheckout(owner, id);
    expect((await page(second.app, url)).html).toContain('Tidewater Commons');
    expect((await page(second.app, '/?q=tidewater')).html).toContain('Tidewater Commons');

    const saved = await saveProfile(owner, id, { categoryIds });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const profile = (await page(second.app, url)).html;
    expect(profile).toContain('Tidewater Marsh Trust');
    expect(profile).toContain('Aveiro');
    expect((await page(second.app, '/?q=tidewater')).html).toContain('Tidewater Marsh Trust');
  });

  it('renders a profile again on both instances after each write to its milestones, its version kept', async () => {
    const { browser: owner, id: ownerId } = await signUp(ctx, 'milestone-owner@example.com');
    const id = await createOrganization(ctx.database.db, {
      name: 'Millrace Trust',
      createdBy: ownerId,
    });
    const url = `/organizations/${id}`;
    const versionOf = async () =>
      (await owner.get<Body<Organization>>(`/api/organizations/${id}`)).body.data.version;
    const version = await versionOf();
    const milestones = `/api/organizations/${id}/milestones`;
    /** Kept on both; after `write`, the next page of each is a new one. */
    async function renderedAgainAfter(step: string, write: () => Promise<{ status: number }>) {
      for (const kept of await everyInstance(url)) expect(kept.kept, step).toBe(true);
      expect((await write()).status, step).toBeLessThan(300);
      for (const { app, name } of instances) {
        const next = await page(app, url);
        expect(next.status, `${step} ${name}`).toBe(200);
        expect(next.kept, `${step} ${name}`).toBe(false);
      }
    }

    let milestoneId = '';
    await renderedAgainAfter('added', async () => {
      const added = await owner.post<Body<Milestone>>(milestones, { year: 2015, title: 'Mill' });
      milestoneId = added.body.data.id;
      return added;
    });
    await renderedAgainAfter('changed', () =>
      owner.call('PUT', `${milestones}/${milestoneId}`, { year: 2016, title: 'Mill' }),
    );
    await renderedAgainAfter('deleted', () => owner.delete(`${milestones}/${milestoneId}`, {}));
    expect(await versionOf()).toBe(version);
  });

  it('serves a profile rendered by one instance from the host’s disk in the other, as it is now', async () => {
    const id = await createOrganization(ctx.database.db, { name: 'Stored Reed Cooperative' });
    const url = `/organizations/${id}`;
    const file = path.join(ctx.dataDir, 'pages', id.slice(0, 2), `${id}.page`);
    const rendered = await page(ctx.app, url);
    expect(rendered).toMatchObject({ status: 200, kept: false, stored: false });
    await expect.poll(() => existsSync(file), storing).toBe(true);

    const before = await renders(second.app);
    const fromDisk = await page(second.app, url);
    expect(fromDisk).toMatchObject({ status: 200, stored: true, etag: rendered.etag });
    expect(fromDisk.html).toBe(rendered.html);
    expect(await renders(second.app)).toBe(before);

    // Changed: the stored page names the profile as it was, so it is rendered again (and stored).
    await ctx.database.db.execute(
      sql`update organizations set name = 'Stored Reed Commons' where id = ${id}`,
    );
    const changed = await page(second.app, url);
    expect(changed).toMatchObject({ status: 200, kept: false, stored: false });
    expect(changed.html).toContain('Stored Reed Commons');
    const firstStored = readFileSync(file);
    await expect.poll(() => readFileSync(file).equals(firstStored), storing).toBe(false);
    const storedAgain = await page(ctx.app, url);
    expect(storedAgain).toMatchObject({ status: 200, stored: true, etag: changed.etag });
    expect(storedAgain.html).toContain('Stored Reed Commons');
    expect(storedAgain.html).not.toContain('Stored Reed Cooperative');

    // Unpublished: its 404 page at once; the stored page goes with its share cards.
    await ctx.database.db.execute(sql`update organizations set published = false where id = ${id}`);
    for (const { app, name } of instances) expect((await page(app, url)).status, name).toBe(404);
    await ctx.app.jobs.drawShareCards();
    expect(existsSync(file)).toBe(false);
  });

  it('renders again a stored page whose settings changed since (another support address)', async () => {
    const id = await createOrganization(ctx.database.db, { name: 'Settled Weir Trust' });
    const url = `/organizations/${id}`;
    const file = path.join(ctx.dataDir, 'pages', id.slice(0, 2), `${id}.page`);
    expect((await page(ctx.app, url)).stored).toBe(false);
    await expect.poll(() => existsSync(file), storing).toBe(true);
    const storedName = () => readFileSync(file, 'utf8').split('\n', 1)[0];
    const storedFirst = storedName();
    // Without its own walk: it would store every profile under its settings, behind the other
    // instances' backs, while the tests after this one count renders.
    const moved = await startSecondAppInstance(ctx, {
      ...env,
      WEB_DIST_DIR: web.distDir,
      SUPPORT_EMAIL: 'help@moved.example.org',
      PERIODIC_JOBS: 'false',
    });
    try {
      const fresh = await page(moved.app, url);
      expect(fresh).toMatchObject({ status: 200, kept: false, stored: false });
      expect(fresh.html).toContain('help@moved.example.org');
      // Stored in turn under its own settings' name, once its write (after the answer) lands:
      // before the next test counts renders.
      await expect.poll(storedName, storing).not.toBe(storedFirst);
    } finally {
      await moved.close();
    }
  });

  it('stores ahead the page of every published profile not stored, each rendered once by the two instances together', async () => {
    // Whatever earlier tests left unstored is stored first: this run starts from a full store.
    await ctx.app.jobs.regenerateProfilePages();
    const ids = [];
    for (let index = 0; index < 6; index += 1) {
      ids.push(await createOrganization(ctx.database.db, { name: `Ahead Orchard ${index}` }));
    }
    const runs = await Promise.all([
      ctx.app.jobs.regenerateProfilePages(),
      second.app.jobs.regenerateProfilePages(),
    ]);
    expect(runs[0]!.rendered + runs[1]!.rendered).toBe(ids.length);
    expect(runs.map((run) => run!.failed)).toEqual([0, 0]);
    const again = await ctx.app.jobs.regenerateProfilePages();
    expect(again).toMatchObject({ rendered: 0, failed: 0 });

    const before = await renders(ctx.app);
    for (const [index, id] of ids.entries()) {
      const stored = await page(ctx.app, `/organizations/${id}`);
      expect(stored).toMatchObject({ status: 200, stored: true });
      expect(stored.html).toContain(`Ahead Orchard ${index}`);
    }
    expect(await renders(ctx.app)).toBe(before);
  });

  it('renders a missing profile’s 404 page once, whatever id is asked for', async () => {
    const ids = Array.from(
      { length: 12 },
      (_, index) => `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
    );
    await page(ctx.app, `/organizations/${ids[0]}`);
    const before = await renders(ctx.app);
    for (const id of [...ids, 'not-a-uuid', 'another-id']) {
      const missing = await page(ctx.app, `/organizations/${id}`);
      expect(missing.status, id).toBe(404);
      // The page names the id asked for, in the text and in the state the browser hydrates from.
      expect(missing.html, id).toContain(`Organization with ID &quot;${id}&quot; not found`);
      expect(missing.html, id).not.toContain('00000000-0000-4000-8000-000000000000');
      expect(missing.html, id).not.toContain('stand-in');
    }
    // One more render at most: the first id that is no UUID.
    expect((await renders(ctx.app)) - before).toBeLessThanOrEqual(1);
  });
});

describe('the kept pages’ budget', () => {
  let web: WebBuild;
  let ctx: TestContext;

  const page = (url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  async function metric(name: string): Promise<number> {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    return Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+)`, 'm').exec(response.body)?.[1]);
  }

  beforeAll(async () => {
    web = await buildWebForTests();
    ctx = await createTestApp({ ...env, WEB_DIST_DIR: web.distDir, PAGE_CACHE_MB: '0.1' });
    for (let index = 0; index < 30; index += 1) {
      await createOrganization(ctx.database.db, { name: `Budget Organization ${index}` });
    }
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await web?.remove();
  });

  it('keeps one page for every URL that shows it: unknown parameters add nothing', async () => {
    await page('/?q=budget');
    const pages = await metric('page_cache_pages');
    for (let index = 0; index < 20; index += 1) {
      const response = await page(`/?q=budget&utm_source=mail${index}&x=${index}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['server-timing']).toContain('cache');
    }
    expect(await metric('page_cache_pages')).toBe(pages);
  });

  it('stays within its bytes under a flood of junk, and keeps the pages asked for again', async () => {
    // Asked twice: a page visitors come back to.
    await page('/?q=budget%20organization');
    await page('/?q=budget%20organization');
    for (let index = 0; index < 60; index += 1) {
      const junk = Math.random().toString(36).slice(2);
      expect((await page(`/?q=${junk}&x=${junk}`)).statusCode).toBe(200);
    }
    expect(await metric('page_cache_bytes')).toBeLessThanOrEqual(0.1 * 1024 * 1024);
    expect(await metric('page_cache_pages')).toBeGreaterThan(0);
    const kept = await page('/?q=budget%20organization');
    expect(kept.headers['server-timing']).toContain('cache');
  });
});
