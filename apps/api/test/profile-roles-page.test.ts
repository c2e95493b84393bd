import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { organizationMilestones, organizationRoles } from '../src/db/schema.ts';
import { createOrganization } from './support/factories.ts';
import type { TestContext } from './support/test-app.ts';
import { createPagesTestApp } from './support/web-build.ts';

/**
 * The profile's open roles and milestones are in the server's HTML (ADR 042), and a kept page
 * (ADR 027) that shows open roles is not served after a role's closing date has passed: the
 * clock moves past midnight UTC and nothing is written.
 */

const DAY = 86_400_000;
const start = Date.now();
const utcDate = (days: number) => new Date(start + days * DAY).toISOString().slice(0, 10);

describe('open roles and milestones on server-rendered pages', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createPagesTestApp();
  }, 120_000);
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** Moves the process's clock (only Date: timers run as they do) to `days` after the start. */
  function clockAt(days: number) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + days * DAY);
  }

  async function page(url: string) {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    return {
      status: response.statusCode,
      html: response.body,
      kept: String(response.headers['server-timing'] ?? '').includes('desc="kept"'),
    };
  }

  async function addRole(organizationId: string, title: string, closesOn: string, place = {}) {
    const [row] = await ctx.database.db
      .insert(organizationRoles)
      .values({
        organizationId,
        title,
        kind: 'full_time',
        workplace: 'remote',
        description: 'Work that matters.',
        apply: 'https://example.org/jobs/1',
        closesOn,
        ...place,
      })
      .returning({ id: organizationRoles.id });
    return row!.id;
  }

  it('renders the open roles, each linking to its page, and the milestones newest first', async () => {
    const id = await createOrganization(ctx.database.db, { name: 'Estuary Jobs Trust' });
    const pilot = await addRole(id, 'Harbour pilot', utcDate(20), {
      kind: 'part_time',
      workplace: 'on_site',
      country: 'PT',
      city: 'Porto',
    });
    const analyst = await addRole(id, 'Tide data analyst', utcDate(30));
    await addRole(id, 'Closed role', utcDate(30), { closedAt: new Date() });
    await ctx.database.db.insert(organizationMilestones).values([
      { organizationId: id, year: 2019, month: null, title: 'Founded on the quay', text: '' },
      {
        organizationId: id,
        year: 2024,
        month: 3,
        title: 'First estuary restored',
        text: 'Forty hectares of salt marsh back.',
      },
    ]);

    const { status, html } = await page(`/organizations/${id}`);
    expect(status).toBe(200);
    expect(html).toContain('Open roles (2)');
    expect(html).toContain(`href="/organizations/${id}/roles/${pilot}"`);
    expect(html).toContain(`href="/organizations/${id}/roles/${analyst}"`);
    expect(html).toContain('Harbour pilot');
    expect(html).toContain('Part-time · On site · Porto, Portugal');
    expect(html).toContain('Full-time · Remote');
    expect(html).not.toContain('Closed role');
    expect(html).toContain('Milestones');
    expect(html).toContain('Forty hectares of salt marsh back.');
    const newest = html.indexOf('March 2024');
    expect(newest).toBeGreaterThan(-1);
    expect(html.indexOf('Founded on the quay')).toBeGreaterThan(newest);

    // Neither section without anything to show.
    const quiet = await createOrganization(ctx.database.db, { name: 'Quiet Quay Trust' });
    const empty = await page(`/organizations/${quiet}`);
    expect(empty.html).toContain('Quiet Quay Trust');
    expect(empty.html).not.toContain('Open roles (');
    expect(empty.html).not.toContain('milestones-heading');
  });

  it('stops serving a kept profile that shows a role once its closing date has passed', async () => {
    const id = await createOrganization(ctx.database.db, { name: 'Midnight Ferry Trust' });
    await addRole(id, 'Night ferry captain', utcDate(1));
    await addRole(id, 'Deckhand', utcDate(10));
    const unchanged = await createOrganization(ctx.database.db, { name: 'Steady Dock Trust' });
    await addRole(unchanged, 'Dock keeper', utcDate(10));
    const url = `/organizations/${id}`;

    // The captain's last day: open through its end.
    clockAt(1);
    await page(url);
    await page(`/organizations/${unchanged}`);
    const kept = await page(url);
    expect(kept).toMatchObject({ status: 200, kept: true });
    expect(kept.html).toContain('Open roles (2)');
    expect(kept.html).toContain('Night ferry captain');

    // Past midnight UTC: no write, yet the page is rendered again without the captain.
    clockAt(2);
    const next = await page(url);
    expect(next.kept).toBe(false);
    expect(next.html).toContain('Open roles (1)');
    expect(next.html).not.toContain('Night ferry captain');
    expect(next.html).toContain('Deckhand');
    expect(await page(url)).toMatchObject({ kept: true });
    // A profile none of whose roles expired keeps its page across the day.
    expect(await page(`/organizations/${unchanged}`)).toMatchObject({ status: 200, kept: true });
  });

  it('stops serving a kept home page whose card counts a role past its closing date', async () => {
    const tag = `zq${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;
    const id = await createOrganization(ctx.database.db, { name: `Lantern ${tag}` });
    await addRole(id, 'Lamp lighter', utcDate(3));
    await addRole(id, 'Wick trimmer', utcDate(10));
    const url = `/?q=${tag}`;

    clockAt(3);
    await page(url);
    const kept = await page(url);
    expect(kept).toMatchObject({ status: 200, kept: true });
    expect(kept.html).toContain(`Lantern ${tag}`);
    expect(kept.html).toContain('2 open roles');

    clockAt(4);
    const next = await page(url);
    expect(next.kept).toBe(false);
    expect(next.html).toContain('1 open role');
    expect(next.html).not.toContain('2 open roles');
    expect(await page(url)).toMatchObject({ kept: true });
  });
});
