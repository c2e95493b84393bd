import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { embedPaths, embedTexts, hiringTexts, type Insights } from '@si/contracts';
import { createTestApp, TEST_PUBLIC_URL, type TestContext } from './support/test-app.ts';
import { createOrganization } from './support/factories.ts';
import { signUp } from './support/accounts.ts';
import { createAgent, type Agent, type AgentResponse } from './support/browser-agent.ts';
import { validRole } from './support/roles.ts';

/*
 * Each published organization's badge and card, for other sites to embed (ADR 052): what they
 * show, the headers that let any site frame the card and keep it a while, nothing about an
 * organization nobody may see, and each fetch counted in the owner's insights as an embed.
 */

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let ctx: TestContext;
let owner: { browser: Agent; id: string };
let listed: string;
let verified: string;
let unpublished: string;
let visitorIp = 0;

const LISTED_NAME = 'Embedded Estuary Trust';
const HIDDEN_NAME = 'Quietly Unpublished Guild';

/** A visitor's browser on another site, from an address of its own. */
function visitor(headers: Record<string, string> = {}) {
  visitorIp += 1;
  const agent = createAgent(ctx.app, { ip: `198.51.100.${visitorIp}` });
  return (url: string) =>
    agent.call<string>('GET', url, undefined, {
      'user-agent': BROWSER,
      origin: 'https://owner-site.example',
      ...headers,
    });
}

const text = (answer: AgentResponse<unknown>) =>
  typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);

/** What every embed answer carries: any site may frame it, and no cookie is ever set. */
function expectEmbedHeaders(answer: AgentResponse<unknown>) {
  expect(answer.cookies).toEqual([]);
  expect(answer.headers['set-cookie']).toBeUndefined();
  const policy = String(answer.headers['content-security-policy']);
  expect(policy).toContain('frame-ancestors *');
  expect(policy).not.toContain("frame-ancestors 'none'");
  expect(policy).not.toMatch(/script-src/);
  expect(answer.headers['x-frame-options']).toBeUndefined();
}

async function embedsOf(id: string) {
  await ctx.app.insights.flush();
  const answer = await owner.browser.get<{ data: Insights }>(
    `/api/organizations/${id}/insights?days=7`,
  );
  expect(answer.status).toBe(200);
  return answer.body.data;
}

beforeAll(async () => {
  ctx = await createTestApp({ RATE_LIMITS: 'off', TRUST_PROXY: 'loopback' });
  owner = await signUp(ctx, 'embeds-owner@example.org');
  listed = await createOrganization(ctx.database.db, {
    name: LISTED_NAME,
    description: 'Restores salt marshes with the fishing villages around them.\nSecond line.',
    createdBy: owner.id,
    logo: '/uploads/logos/estuary.webp',
  });
  verified = await createOrganization(ctx.database.db, {
    name: 'Verified Creekside Fund',
    createdBy: owner.id,
  });
  await ctx.database.db.execute(
    sql`update organizations set verified_domain = 'creekside.example', verified_at = now() where id = ${verified}`,
  );
  unpublished = await createOrganization(ctx.database.db, {
    name: HIDDEN_NAME,
    createdBy: owner.id,
    published: false,
  });
  for (const title of ['Marsh Warden', 'Boat Lead']) {
    const role = await owner.browser.post(
      `/api/organizations/${listed}/roles`,
      validRole({ title }),
    );
    expect(role.status, JSON.stringify(role.body)).toBe(201);
  }
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('the badge', () => {
  it('shows a published organization as listed, light and dark, cacheable', async () => {
    const get = visitor();
    const light = await get(embedPaths.badge(listed));
    expect(light.status).toBe(200);
    expect(light.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expectEmbedHeaders(light);
    expect(light.headers['cache-control']).toBe('public, max-age=300');
    const svg = text(light);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain(`<title id="badge-title">${embedTexts.badgeTitle(null)}</title>`);
    expect(svg).toContain(`>${embedTexts.badgeListed}</text>`);
    expect(svg).not.toContain('Verified');
    // Nothing fetched: no font, no image, no link out of the file.
    expect(svg).not.toMatch(/href=|@import|url\(/);

    const dark = await get(`${embedPaths.badge(listed)}?theme=dark`);
    expect(dark.status).toBe(200);
    expect(text(dark)).not.toBe(svg);
    expect(text(dark)).toContain('fill="#1b1a17"');

    const again = await get(embedPaths.badge(listed));
    const tag = String(light.headers.etag);
    expect(tag).toMatch(/^W\/"/);
    expect(again.headers.etag).toBe(tag);
    const revalidated = await createAgent(ctx.app).call(
      'GET',
      embedPaths.badge(listed),
      undefined,
      {
        'if-none-match': tag,
      },
    );
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers['set-cookie']).toBeUndefined();
  });

  it('says Verified with the domain for a verified organization', async () => {
    const answer = await visitor()(embedPaths.badge(verified));
    expect(answer.status).toBe(200);
    expect(text(answer)).toContain(`>${embedTexts.badgeVerified('creekside.example')}</text>`);
    expect(text(answer)).toContain(embedTexts.badgeTitle('creekside.example'));
  });

  it('draws the same neutral image for an unpublished and an unknown organization', async () => {
    const get = visitor();
    const hidden = await get(embedPaths.badge(unpublished));
    const unknown = await get(embedPaths.badge(randomUUID()));
    const malformed = await get(embedPaths.badge('not-an-id'));
    for (const answer of [hidden, unknown, malformed]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expectEmbedHeaders(answer);
      expect(answer.headers['cache-control']).toBe('public, max-age=300');
      expect(text(answer)).toBe(text(hidden));
      expect(text(answer)).not.toContain(HIDDEN_NAME);
      expect(text(answer)).not.toContain(embedTexts.badgeListed);
    }
    const published = await get(embedPaths.badge(listed));
    const shape = (answer: AgentResponse<unknown>) =>
      Object.keys(answer.headers)
        .filter((name) => !['date', 'content-length', 'x-request-id'].includes(name))
        .sort();
    expect(shape(hidden)).toEqual(shape(published));
  });

  it('refuses a theme other than light or dark, saying so', async () => {
    const answer = await visitor()(`${embedPaths.badge(listed)}?theme=purple`);
    expect(answer.status).toBe(400);
    expect(text(answer)).toBe(embedTexts.badTheme);
  });
});

describe('the card', () => {
  it("shows a published organization's logo, name, first line, categories and open roles", async () => {
    const answer = await visitor()(embedPaths.card(listed));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expectEmbedHeaders(answer);
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
    expect(answer.headers.etag).toMatch(/^W\/"/);
    const html = text(answer);
    expect(html).toContain(`<h1>${LISTED_NAME}</h1>`);
    expect(html).toContain('Restores salt marshes with the fishing villages around them.');
    expect(html).not.toContain('Second line.');
    expect(html).toContain('<li>Climate Action</li><li>Nonprofit</li>');
    expect(html).toContain(hiringTexts.openRoles(2));
    expect(html).toContain('src="/uploads/logos/estuary.webp"');
    expect(html).toContain(
      `<a href="${TEST_PUBLIC_URL}/organizations/${listed}" target="_blank" rel="noopener">${embedTexts.cardLink}</a>`,
    );
    // No script of the product's, and only its own style, named by hash in the policy.
    expect(html).not.toMatch(/<script/i);
    const policy = String(answer.headers['content-security-policy']);
    expect(policy).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).toContain("default-src 'none'");
  });

  it('names the verified domain and leaves out open roles where there are none', async () => {
    const answer = await visitor()(`${embedPaths.card(verified)}?theme=dark`);
    expect(answer.status).toBe(200);
    const html = text(answer);
    expect(html).toContain('<html lang="en" class="dark">');
    expect(html).toContain(embedTexts.cardVerified('creekside.example'));
    expect(html).not.toContain('open role');
  });

  it('answers the same 404 card for an unpublished and an unknown organization', async () => {
    const get = visitor({ cookie: 'si.session_token=made-up' });
    const hidden = await get(embedPaths.card(unpublished));
    const unknown = await get(embedPaths.card(randomUUID()));
    for (const answer of [hidden, unknown]) {
      expect(answer.status).toBe(404);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expectEmbedHeaders(answer);
      expect(text(answer)).toBe(text(hidden));
      expect(text(answer)).toContain(embedTexts.cardNotFoundTitle);
      expect(text(answer)).not.toContain(HIDDEN_NAME);
    }
  });

  it('sets no cookie for a visitor who brings one, nor for a signed-in owner', async () => {
    const answer = await owner.browser.call('GET', embedPaths.card(listed));
    expect(answer.status).toBe(200);
    expectEmbedHeaders(answer);
  });
});

describe('frame-ancestors', () => {
  it('stays none on every other page and file', async () => {
    const get = visitor();
    for (const url of [
      '/',
      `/organizations/${listed}`,
      `/og/organizations/${listed}.png`,
      '/api/organizations',
      '/robots.txt',
    ]) {
      const answer = await get(url);
      expect(answer.status, url).toBeLessThan(400);
      expect(String(answer.headers['content-security-policy']), url).toContain(
        "frame-ancestors 'none'",
      );
      expect(answer.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });
});

describe('embeds in the insights', () => {
  it("counts each fetch of a published organization's badge and card, people and bots apart", async () => {
    const before = await embedsOf(listed);
    const get = visitor();
    await get(embedPaths.badge(listed));
    await get(`${embedPaths.card(listed)}?theme=dark`);
    await visitor({ 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' })(
      embedPaths.badge(listed),
    );
    const after = await embedsOf(listed);
    expect(after.totals.embeds - before.totals.embeds).toBe(2);
    expect(after.bots.embeds - before.bots.embeds).toBe(1);
    expect(after.daily.at(-1)!.embeds).toBe(after.totals.embeds);
    expect(after.totals.views).toBe(before.totals.views);
    const csv = await owner.browser.get<string>(`/api/organizations/${listed}/insights.csv?days=7`);
    expect(String(csv.body).split('\r\n')[0]).toMatch(/,shares,embeds$/);
  });

  it("counts nothing for an unpublished organization's neutral badge and 404 card", async () => {
    const before = await embedsOf(unpublished);
    const get = visitor();
    await get(embedPaths.badge(unpublished));
    await get(embedPaths.card(unpublished));
    const after = await embedsOf(unpublished);
    expect(after.totals.embeds).toBe(before.totals.embeds);
    expect(after.bots.embeds).toBe(before.bots.embeds);
  });

  it("leaves out the owner's own look at their card", async () => {
    const before = await embedsOf(listed);
    await owner.browser.call('GET', embedPaths.card(listed), undefined, { 'user-agent': BROWSER });
    // Whose visit it was is read after the answer: another signed-in visitor's, read after the
    // owner's, is counted once the owner's was decided.
    const other = await signUp(ctx, 'embeds-other@example.org');
    await other.browser.call('GET', embedPaths.card(listed), undefined, { 'user-agent': BROWSER });
    await expect
      .poll(async () => (await embedsOf(listed)).totals.embeds - before.totals.embeds, {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(1);
    expect((await embedsOf(listed)).totals.embeds - before.totals.embeds).toBe(1);
  });
});
