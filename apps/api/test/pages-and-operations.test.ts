import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from './support/factories.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestContext } from './support/test-app.ts';

describe('server-rendered heads, sitemap and operations', () => {
  let ctx: TestContext;
  let id: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    id = await createOrganization(ctx.database.db, {
      name: 'River <Commons> & Co',
      description: 'We restore rivers "together".\nSecond paragraph.',
      logo: '/uploads/logo.webp',
      bannerImage: '/uploads/banner.webp',
      websiteUrl: 'https://river.example.org',
    });
    await createOrganization(ctx.database.db, { name: 'Hidden', published: false });
  });
  afterAll(() => ctx.close());

  it('puts the home title, description, canonical URL and OpenGraph tags in the HTML', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      '<title>Scaling Impact | Discover Mission-Driven Organizations Building Bold Ideas</title>',
    );
    expect(response.body).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}/">`);
    expect(response.body).toContain('<meta property="og:title"');
    expect(response.body).toContain(
      `<meta property="og:image" content="${TEST_PUBLIC_URL}/og-image.png">`,
    );
    const image = await ctx.app.inject({ method: 'GET', url: '/og-image.png' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('sends the same security headers with every answer, page or API, request after request', async () => {
    const answers = [];
    for (const url of ['/healthz', '/', '/healthz', '/api/categories']) {
      answers.push(await ctx.app.inject({ method: 'GET', url }));
    }
    for (const { headers } of answers) {
      expect(headers['content-security-policy']).toBe(
        answers[0]!.headers['content-security-policy'],
      );
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).toContain("object-src 'none'");
      expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['cross-origin-opener-policy']).toBe('same-origin');
      // Share cards and logos are embedded by link previewers and other sites.
      expect(headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });

  it('renders a profile’s preview tags and JSON-LD, escaped', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/organizations/${id}` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>River &lt;Commons&gt; &amp; Co - Scaling Impact</title>');
    // The profile's own share card (ADR 015), its version in the query.
    expect(html).toMatch(
      new RegExp(
        `<meta property="og:image" content="${TEST_PUBLIC_URL}/og/organizations/${id}\\.png\\?v=\\d+">`,
      ),
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).not.toContain('<Commons>');
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
    const data = JSON.parse(jsonLd!);
    expect(data).toMatchObject({
      '@type': 'Organization',
      name: 'River <Commons> & Co',
      logo: `${TEST_PUBLIC_URL}/uploads/logo.webp`,
      sameAs: ['https://river.example.org'],
    });
  });

  it('answers 404 with the not-found title for an unknown profile and an unknown path', async () => {
    const profile = await ctx.app.inject({ method: 'GET', url: `/organizations/${randomUUID()}` });
    expect(profile.statusCode).toBe(404);
    expect(profile.body).toContain('<title>Organization Not Found - Scaling Impact</title>');
    const page = await ctx.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<title>Page Not Found - Scaling Impact</title>');
    const known = await ctx.app.inject({ method: 'GET', url: '/about' });
    expect(known.statusCode).toBe(200);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('lists every published profile in the sitemap, and robots.txt points to it', async () => {
    const sitemap = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain(`<loc>${TEST_PUBLIC_URL}/organizations/${id}</loc>`);
    expect(sitemap.body.match(/\/organizations\//g)).toHaveLength(1);
    const robots = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain(`Sitemap: ${TEST_PUBLIC_URL}/sitemap.xml`);
  });

  it('reports liveness and readiness, and carries a request id', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({
      method: 'GET',
      url: '/readyz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['x-request-id']).toBe('abc-123');
  });

  it('publishes an OpenAPI document that describes the public calls', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/organizations',
        '/api/organizations/{id}',
        '/api/categories',
        '/api/newsletter',
      ]),
    );
  });
});
