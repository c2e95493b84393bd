import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageDescriptions } from '@si/contracts';
import { createTestApp, type TestContext } from './support/test-app.ts';

/** ADR 019: each public page has its own meta description, not the home page's. */
describe('page meta descriptions', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const decode = (text: string) =>
    text
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');

  async function descriptionsOf(url: string) {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const named = [...html.matchAll(/<meta name="description" content="([^"]*)">/g)];
    const og = /<meta property="og:description" content="([^"]*)">/.exec(html);
    expect(named).toHaveLength(1);
    return { description: decode(named[0]![1]!), og: og ? decode(og[1]!) : undefined };
  }

  it('gives About, Contact, FAQ and Privacy their own description, unlike home', async () => {
    const home = await descriptionsOf('/');
    expect(home.description).toBe(pageDescriptions.home);
    const pages = {
      '/about': pageDescriptions.about,
      '/contact': pageDescriptions.contact,
      '/faq': pageDescriptions.faq,
      '/privacy': pageDescriptions.privacy,
    };
    const seen = new Set([home.description]);
    for (const [path, expected] of Object.entries(pages)) {
      const { description, og } = await descriptionsOf(path);
      expect(description, path).toBe(expected);
      expect(og, path).toBe(expected);
      expect(description, path).not.toBe(home.description);
      expect(seen.has(description), `${path} repeats another page's description`).toBe(false);
      seen.add(description);
    }
  });

  it('gives the sign-in pages their own description too', async () => {
    const home = await descriptionsOf('/');
    for (const path of ['/login', '/signup', '/forgot-password']) {
      const { description } = await descriptionsOf(path);
      expect(description, path).not.toBe(home.description);
    }
    expect((await descriptionsOf('/login')).description).toBe(pageDescriptions.login);
    expect((await descriptionsOf('/signup')).description).toBe(pageDescriptions.signup);
  });
});
