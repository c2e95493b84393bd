import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REVALIDATE_CACHE } from '../src/http/cache-control.ts';
import {
  notFoundTexts,
  roleApplyPath,
  rolePageTexts,
  type Role,
  type RoleInsight,
} from '@si/contracts';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
import { signUp, type Body } from './support/accounts.ts';
import type { Agent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import { TEST_PUBLIC_URL } from './support/test-app.ts';
import { DAY_MS, day, remoteRole, validRole } from './support/roles.ts';
import type { TestContext } from './support/test-app.ts';
import { createPagesTestApp } from './support/web-build.ts';

const onSiteRole = validRole();

/** The page's JSON-LD blocks, parsed. */
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );

describe('a role’s public page', () => {
  let ctx: TestContext;
  let owner: Agent;
  let ownerId: string;

  beforeAll(async () => {
    ctx = await createPagesTestApp();
    ({ browser: owner, id: ownerId } = await signUp(ctx, 'role-page-owner@example.com'));
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(() => vi.useRealTimers());

  const organization = () =>
    createOrganization(ctx.database.db, {
      name: 'Tidewater Wells',
      createdBy: ownerId,
      websiteUrl: 'https://tidewater.example',
      logo: '/uploads/logos/tidewater.webp',
    });
  const post = async (id: string, body: object) => {
    const answer = await owner.post<Body<Role>>(`/api/organizations/${id}/roles`, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data;
  };
  const pageUrl = (role: Pick<Role, 'organizationId' | 'id'>) =>
    `/organizations/${role.organizationId}/roles/${role.id}`;
  const page = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    return {
      status: response.statusCode,
      html: response.body,
      cacheControl: response.headers['cache-control'],
      kept: String(response.headers['server-timing'] ?? '').includes('desc="kept"'),
    };
  };
  const setRole = (roleId: string, assignment: ReturnType<typeof sql>) =>
    ctx.database.db.execute(sql`update organization_roles set ${assignment} where id = ${roleId}`);
  const sitemap = async () => (await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;

  it('shows an on-site role with its pay, and a JobPosting with Google’s properties', async () => {
    const id = await organization();
    const role = await post(id, onSiteRole);
    const url = pageUrl(role);
    const answer = await page(url);
    expect(answer.status).toBe(200);
    expect(answer.cacheControl).toBe(REVALIDATE_CACHE);
    const { html } = answer;
    expect(html).toContain(
      `<title>${rolePageTexts.title('Field Coordinator', 'Tidewater Wells')}</title>`,
    );
    expect(html).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}${url}">`);
    expect(html).toMatch(
      new RegExp(
        `<meta property="og:image" content="${TEST_PUBLIC_URL}/og/organizations/${id}\\.png\\?v=\\d+">`,
      ),
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    // The page itself: the description as typed, line break kept, the pay and the Apply link.
    expect(html).toContain('Coordinates the well teams.\nTravels to the lake counties.');
    expect(html).toContain('USD 30,000 – 42,000 per year');
    expect(html).toContain(`href="/organizations/${id}"`);
    // Apply goes through the server, which counts the click and sends the visitor on.
    expect(html).toContain(`<a href="${roleApplyPath(id, role.id)}"`);
    const followed = await ctx.app.inject({ url: roleApplyPath(id, role.id) });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('https://tidewater.example/jobs/1');

    const [posting, ...others] = jsonLdOf(html);
    expect(others).toEqual([]);
    expect(posting).toEqual({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Field Coordinator',
      description: onSiteRole.description,
      url: `${TEST_PUBLIC_URL}${url}`,
      datePosted: role.postedAt,
      validThrough: `${role.closesOn}T23:59:59Z`,
      employmentType: 'FULL_TIME',
      hiringOrganization: {
        '@type': 'Organization',
        name: 'Tidewater Wells',
        sameAs: 'https://tidewater.example',
        logo: `${TEST_PUBLIC_URL}/uploads/logos/tidewater.webp`,
      },
      jobLocation: {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Nairobi', addressCountry: 'KE' },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'USD',
        value: { '@type': 'QuantitativeValue', minValue: 30000, maxValue: 42000, unitText: 'YEAR' },
      },
      directApply: false,
      identifier: { '@type': 'PropertyValue', name: 'Tidewater Wells', value: role.id },
    });
    // Asked again, the page is the kept one.
    expect((await page(url)).kept).toBe(true);
  });

  it("counts a person's view of the page for its owner, and not a crawler's", async () => {
    const id = await organization();
    const role = await post(id, onSiteRole);
    const view = (userAgent: string) =>
      ctx.app.inject({
        url: pageUrl(role),
        headers: { accept: 'text/html', 'user-agent': userAgent },
      });
    expect((await view(BROWSER)).statusCode).toBe(200);
    expect((await view(GOOGLEBOT)).statusCode).toBe(200);
    await ctx.app.insights.flush();
    const counts = await owner.get<Body<RoleInsight[]>>(`/api/organizations/${id}/insights/roles`);
    expect(counts.body.data).toEqual([{ roleId: role.id, views: 1, applyClicks: 0 }]);
  });

  it('says where a remote role may be worked from, and an anywhere role leaves it out', async () => {
    const id = await organization();
    const listed = await post(id, remoteRole);
    const answer = await page(pageUrl(listed));
    expect(answer.status).toBe(200);
    expect(answer.html).toContain('Kenya, Uganda');
    // Apply by email goes through the server too, which sends the visitor on to the address.
    expect(answer.html).toContain(`href="${roleApplyPath(id, listed.id)}"`);
    const followed = await ctx.app.inject({ url: roleApplyPath(id, listed.id) });
    expect(followed.headers.location).toBe('mailto:jobs@tidewater.example');
    const [posting] = jsonLdOf(answer.html);
    expect(posting).toMatchObject({
      employmentType: 'OTHER',
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: [
        { '@type': 'Country', name: 'Kenya' },
        { '@type': 'Country', name: 'Uganda' },
      ],
    });
    expect(posting).not.toHaveProperty('jobLocation');
    expect(posting).not.toHaveProperty('baseSalary');

    const anywhere = await post(id, { ...remoteRole, kind: 'volunteer', remoteCountries: [] });
    const anywherePage = await page(pageUrl(anywhere));
    expect(anywherePage.html).toContain(rolePageTexts.anywhere);
    const [anywherePosting] = jsonLdOf(anywherePage.html);
    expect(anywherePosting).toMatchObject({
      employmentType: 'VOLUNTEER',
      jobLocationType: 'TELECOMMUTE',
    });
    expect(anywherePosting).not.toHaveProperty('applicantLocationRequirements');
  });

  it('answers 410 once the role is closed, leading to the organization’s current roles', async () => {
    const id = await organization();
    const role = await post(id, onSiteRole);
    const url = pageUrl(role);
    expect((await page(url)).status).toBe(200);
    expect((await page(url)).kept).toBe(true);
    const closed = await owner.post(`/api/organizations/${id}/roles/${role.id}/close`);
    expect(closed.status).toBe(200);

    const gone = await page(url);
    expect(gone.status).toBe(410);
    expect(gone.html).toContain(rolePageTexts.goneHeading);
    expect(gone.html).toContain(`href="/organizations/${id}"`);
    expect(gone.html).toContain(rolePageTexts.goneLink('Tidewater Wells'));
    expect(gone.html).toContain('<meta name="robots" content="noindex">');
    expect(jsonLdOf(gone.html)).toEqual([]);
    expect(gone.html).not.toContain(onSiteRole.description);

    // Reopened, it is open again at once.
    expect((await owner.post(`/api/organizations/${id}/roles/${role.id}/reopen`, {})).status).toBe(
      200,
    );
    expect((await page(url)).status).toBe(200);
  });

  it('answers 410 after the closing date passes, with no write, and when held', async () => {
    const id = await organization();
    const expiring = await post(id, { ...onSiteRole, closesOn: day(1) });
    const url = pageUrl(expiring);
    expect((await page(url)).status).toBe(200);
    expect((await page(url)).kept).toBe(true);
    // The clock passes the end of the closing date: nothing is written anywhere.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * DAY_MS });
    const expired = await page(url);
    expect(expired.status).toBe(410);
    expect(jsonLdOf(expired.html)).toEqual([]);
    expect(await sitemap()).not.toContain(expiring.id);
    vi.useRealTimers();
    expect((await page(url)).status).toBe(200);

    // The closing date moved into the past behind the organization row's back, as an old row
    // is: the kept page is not served.
    await setRole(expiring.id, sql`closes_on = ${day(-1)}`);
    expect((await page(url)).status).toBe(410);

    const held = await post(id, onSiteRole);
    expect((await page(pageUrl(held))).status).toBe(200);
    await setRole(held.id, sql`held_at = now(), held_reason = 'Asks applicants for a fee'`);
    const heldPage = await page(pageUrl(held));
    expect(heldPage.status).toBe(410);
    expect(heldPage.html).not.toContain('Asks applicants for a fee');
  });

  it('answers 410 for a role of an organization no longer published, without the profile link', async () => {
    const id = await organization();
    const role = await post(id, onSiteRole);
    expect((await page(pageUrl(role))).status).toBe(200);
    await ctx.database.db.execute(sql`update organizations set published = false where id = ${id}`);
    const gone = await page(pageUrl(role));
    expect(gone.status).toBe(410);
    expect(gone.html).toContain(rolePageTexts.goneHeading);
    expect(gone.html).not.toContain(`href="/organizations/${id}"`);
    expect(jsonLdOf(gone.html)).toEqual([]);
  });

  it('answers 404 for an unknown role, one of another organization, or an id that is none', async () => {
    const id = await organization();
    const otherId = await organization();
    const role = await post(id, onSiteRole);
    for (const url of [
      `/organizations/${id}/roles/00000000-0000-4000-8000-000000000000`,
      `/organizations/${otherId}/roles/${role.id}`,
      `/organizations/${id}/roles/not-a-role`,
      `/organizations/not-an-organization/roles/${role.id}`,
    ]) {
      const answer = await page(url);
      expect(answer.status, url).toBe(404);
      expect(answer.html, url).toContain(notFoundTexts.title);
      expect(jsonLdOf(answer.html), url).toEqual([]);
    }
  });

  it('lists open roles in the sitemap and drops closed and held ones at once', async () => {
    const id = await organization();
    const open = await post(id, onSiteRole);
    const closing = await post(id, remoteRole);
    const holding = await post(id, onSiteRole);
    const unpublishedId = await organization();
    const ofUnpublished = await post(unpublishedId, onSiteRole);
    await ctx.database.db.execute(
      sql`update organizations set published = false where id = ${unpublishedId}`,
    );
    const before = await sitemap();
    for (const role of [open, closing, holding]) {
      expect(before).toContain(
        `<url><loc>${TEST_PUBLIC_URL}${pageUrl(role)}</loc><lastmod>${role.updatedAt.slice(0, 10)}</lastmod></url>`,
      );
    }
    expect(before).not.toContain(ofUnpublished.id);

    await owner.post(`/api/organizations/${id}/roles/${closing.id}/close`);
    await setRole(holding.id, sql`held_at = now(), held_reason = 'Checking'`);
    const after = await sitemap();
    expect(after).toContain(pageUrl(open));
    expect(after).not.toContain(closing.id);
    expect(after).not.toContain(holding.id);
  });
});
