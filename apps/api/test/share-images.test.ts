import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, CategoryGroup, Organization } from '@si/contracts';
import {
  groupColours,
  palette,
  SHARE_CARD_HEIGHT,
  SHARE_CARD_WIDTH,
} from '../src/pages/share-images/share-card.ts';
import {
  createShareImages,
  type ShareImagesOptions,
} from '../src/pages/share-images/share-images.ts';
import { signUp, type Body } from './support/accounts.ts';
import type { Agent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import { uploadRedLogo } from './support/images.ts';
import { payInTestCheckout } from './support/payments.ts';
import { startS3Server, type S3Server } from './support/s3-server.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestContext } from './support/test-app.ts';

type Answer = Body<Organization>;

const hostileName = `</script><img src=x onerror=alert(1)> & "Co" 'n' 🌍`;

const cardPath = (id: string) => `/og/organizations/${id}.png`;

/** An app on the given storage with a signed-up owner who publishes organizations. */
function cardApp(env: () => Record<string, string>) {
  const state = {} as { ctx: TestContext; owner: Agent; ownerId: string; categoryIds: string[] };

  beforeAll(async () => {
    state.ctx = await createTestApp({ RATE_LIMITS: 'off', DIRECTORY_CACHE_MS: '0', ...env() });
    ({ browser: state.owner, id: state.ownerId } = await signUp(state.ctx, 'owner@example.com'));
    const categories = (await state.owner.get<Body<Category[]>>('/api/categories')).body.data;
    const groups = (await state.owner.get<Body<CategoryGroup[]>>('/api/category-groups')).body.data;
    state.categoryIds = groups.map(
      (group) => categories.find((category) => category.groupId === group.id)!.id,
    );
  });
  afterAll(() => state.ctx?.close());

  /** Created through the API and paid for in the test checkout: published. */
  async function publish(name: string, country = 'KE'): Promise<Organization> {
    const { owner } = state;
    const created = await owner.post<Answer>('/api/organizations', {
      name,
      description: 'Restores rivers with the towns along them.',
      country,
      categoryIds: state.categoryIds,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await payInTestCheckout(owner, created.body.data.id);
    return (await owner.get<Answer>(`/api/organizations/${created.body.data.id}`)).body.data;
  }
  const getCard = (url: string, headers: Record<string, string> = {}) =>
    state.ctx.app.inject({ method: 'GET', url, headers });

  async function expectCard(url: string) {
    const response = await getCard(url);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 630 });
    return response;
  }

  /** Uploads a red logo through the API: the card changes, and shows red where the logo goes. */
  async function expectUploadedLogoDrawn() {
    const organization = await publish('Logo Commons');
    const before = await expectCard(cardPath(organization.id));
    const uploaded = await uploadRedLogo(state.owner, organization.id);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const after = await expectCard(cardPath(organization.id));
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // The middle of the logo's square (x 84-256, y 138-310).
    const { data } = await sharp(after.rawPayload)
      .extract({ left: 160, top: 214, width: 20, height: 20 })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(180);
    expect(data[1]).toBeLessThan(70);
    expect(data[2]).toBeLessThan(70);
  }

  return { state, publish, getCard, expectCard, expectUploadedLogoDrawn };
}

describe('share image per profile', () => {
  const { state, publish, getCard, expectCard, expectUploadedLogoDrawn } = cardApp(() => ({}));

  it('draws a 1200x630 PNG for a published profile, the same until it changes, with an ETag', async () => {
    const organization = await publish('River Commons');
    const first = await expectCard(cardPath(organization.id));
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await expectCard(`${cardPath(organization.id)}?v=123`);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('answers a conditional request with the current ETag with 304 and no body', async () => {
    const organization = await publish('Conditional Commons');
    const { etag } = (await expectCard(cardPath(organization.id))).headers;
    for (const ifNoneMatch of [String(etag), `W/${etag}`, `"other", ${etag}`, '*']) {
      const notModified = await getCard(cardPath(organization.id), {
        'if-none-match': ifNoneMatch,
      });
      expect(notModified.statusCode, ifNoneMatch).toBe(304);
      expect(notModified.rawPayload).toHaveLength(0);
      expect(notModified.headers.etag).toBe(etag);
    }
    const changed = await getCard(cardPath(organization.id), { 'if-none-match': '"stale"' });
    expect(changed.statusCode).toBe(200);
  });

  it('answers 404 in plain text for unknown, malformed and unpublished profiles', async () => {
    const unpublished = await createOrganization(state.ctx.database.db, {
      createdBy: state.ownerId,
      published: false,
    });
    for (const url of [
      cardPath(randomUUID()),
      cardPath(unpublished),
      cardPath('not-a-uuid'),
      cardPath('%3Cscript%3E'),
      '/og/organizations/.png',
    ]) {
      const response = await getCard(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^text\/plain/);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers.etag, url).toBeUndefined();
      expect(response.body.length).toBeLessThan(100);
    }
  });

  it('puts the card in the profile page head as og:image and twitter:image', async () => {
    const organization = await publish('Head Commons');
    const page = await state.ctx.app.inject({
      method: 'GET',
      url: `/organizations/${organization.id}`,
    });
    expect(page.statusCode).toBe(200);
    const imageUrl = `${TEST_PUBLIC_URL}${cardPath(organization.id)}?v=${Date.parse(organization.updatedAt)}`;
    for (const tag of [
      `<meta property="og:image" content="${imageUrl}">`,
      '<meta property="og:image:width" content="1200">',
      '<meta property="og:image:height" content="630">',
      '<meta property="og:image:alt" content="Head Commons on Scaling Impact">',
      `<meta name="twitter:image" content="${imageUrl}">`,
      '<meta name="twitter:card" content="summary_large_image">',
    ]) {
      expect(page.body).toContain(tag);
    }
    await expectCard(imageUrl.slice(TEST_PUBLIC_URL.length));
    // Other pages keep the site's image.
    const home = await state.ctx.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain(
      `<meta property="og:image" content="${TEST_PUBLIC_URL}/og-image.png">`,
    );
  });

  it('draws a new card, under a new URL and ETag, when the profile is edited', async () => {
    const organization = await publish('Before Commons');
    const before = await expectCard(cardPath(organization.id));
    const saved = await state.owner.call<Answer>('PUT', `/api/organizations/${organization.id}`, {
      version: organization.version,
      name: 'After Commons With A Longer Name',
      description: organization.description,
      country: 'PT',
      location: 'Porto',
      foundedYear: null,
      websiteUrl: null,
      linkedinUrl: null,
      twitterUrl: null,
      blogUrl: null,
      categoryIds: [...state.categoryIds].reverse(),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await expectCard(cardPath(organization.id));
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
    const stale = await getCard(cardPath(organization.id), {
      'if-none-match': String(before.headers.etag),
    });
    expect(stale.statusCode).toBe(200);
    const page = await state.ctx.app.inject({
      method: 'GET',
      url: `/organizations/${organization.id}`,
    });
    expect(page.body).toContain(
      `${cardPath(organization.id)}?v=${Date.parse(saved.body.data.updatedAt)}"`,
    );
    expect(saved.body.data.updatedAt).not.toBe(organization.updatedAt);
  });

  it('draws the uploaded logo, read from the storage, in place of the initial', () =>
    expectUploadedLogoDrawn());

  it('writes the name beside the logo and below the band, where the layout puts its first line', async () => {
    const organization = await publish('Kenya Water Trust');
    const card = await expectCard(cardPath(organization.id));
    const { data, info } = await sharp(card.rawPayload)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The name's ink (#1b1a17) right of the logo and above the place: its first pen at x 296,
    // its baseline at y 302, capitals about 43 px tall at 60 px.
    let [left, top, bottom] = [Infinity, Infinity, -Infinity];
    for (let y = 232; y < 318; y += 1) {
      for (let x = 270; x < 1160; x += 1) {
        const at = (y * info.width + x) * info.channels;
        if (data[at]! > 60 || data[at + 1]! > 60 || data[at + 2]! > 60) continue;
        left = Math.min(left, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
    expect(left).toBeGreaterThanOrEqual(296);
    expect(left).toBeLessThanOrEqual(304);
    expect(top).toBeGreaterThanOrEqual(254);
    expect(top).toBeLessThanOrEqual(266);
    // 'y' descends below the baseline.
    expect(bottom).toBeGreaterThan(302);
    expect(bottom).toBeLessThan(318);
  });

  it('draws a name with markup, quotes and emoji without breaking the card or the page', async () => {
    const organization = await publish(hostileName);
    await expectCard(cardPath(organization.id));
    const page = await state.ctx.app.inject({
      method: 'GET',
      url: `/organizations/${organization.id}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).toContain(
      '<meta property="og:image:alt" content="&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot; &#39;n&#39; 🌍 on Scaling Impact">',
    );
    // A long name and a profile working everywhere (no country) fit as well.
    const long = await publish(
      `${'Very Long Organization Name '.repeat(4)}Foundation`.slice(0, 120),
      'ALL',
    );
    await expectCard(cardPath(long.id));
    const unbroken = await publish('X'.repeat(120));
    await expectCard(cardPath(unbroken.id));
  });
});

describe('share image with images in an S3-compatible bucket', () => {
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3?.close());
  const { expectUploadedLogoDrawn } = cardApp(() => s3.env);

  it('reads the logo from the bucket', () => expectUploadedLogoDrawn());
});

describe('share image cache', () => {
  const row = {
    id: randomUUID(),
    name: 'Cached Commons',
    location: 'Nairobi',
    country: 'KE',
    logo: '/uploads/organizations/x/logo-abc-512w.webp',
    bannerImage: null,
    published: true,
  };
  const links = [{ categoryId: 'climate_action', sortOrder: 0 }];
  const snapshot = {
    countryByCode: new Map([['KE', { code: 'KE', name: 'Kenya', flagEmoji: '🇰🇪' }]]),
    categoryById: new Map([
      [
        'climate_action',
        { id: 'climate_action', name: 'Climate Action', emoji: '🌱', groupId: 'impact_areas' },
      ],
    ]),
  };

  function images(draws: { count: number; running?: number; most?: number }, read: string[]) {
    const stored = new Map<string, Buffer>();
    return createShareImages({
      organizations: { shareCardRows: async (ids: string[]) => ids.map(() => ({ row, links })) },
      reference: { snapshot: async () => snapshot },
      // Images are never found; cards are kept in memory, as a Storage would keep them.
      storage: {
        read: async (key: string) => {
          const card = stored.get(key);
          if (card) return { body: Readable.from([card]), contentType: 'image/png' };
          if (!key.startsWith('share-cards/')) read.push(key);
          return null;
        },
        put: async (key: string, body: Buffer) => void stored.set(key, body),
        remove: async (key: string) => void stored.delete(key),
        list: async function* (prefix: string) {
          for (const key of stored.keys()) {
            if (key.startsWith(prefix)) yield { key, modifiedAt: new Date() };
          }
        },
      },
      host: 'directory.test',
      log: { warn: () => {} },
      draw: async () => {
        draws.count += 1;
        const number = draws.count;
        draws.running = (draws.running ?? 0) + 1;
        draws.most = Math.max(draws.most ?? 0, draws.running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        draws.running -= 1;
        return Buffer.from(`card ${number}`);
      },
    } as unknown as ShareImagesOptions);
  }

  it('draws a card once for concurrent requests, and again only when what it shows changes', async () => {
    const draws = { count: 0 };
    const read: string[] = [];
    const cards = images(draws, read);
    const found = await Promise.all(Array.from({ length: 5 }, () => cards.find(row.id)));
    const pngs = await Promise.all(found.map((card) => card!.png()));
    expect(draws.count).toBe(1);
    expect(new Set(pngs.map(String))).toEqual(new Set(['card 1']));
    // The 256 px logo is asked for first, then the one the row names.
    expect(read).toEqual([
      'organizations/x/logo-abc-256w.webp',
      'organizations/x/logo-abc-512w.webp',
    ]);

    const etag = found[0]!.etag;
    row.location = 'Mombasa';
    const changed = await cards.find(row.id);
    expect(changed!.etag).not.toBe(etag);
    expect(String(await changed!.png())).toBe('card 2');
    expect(String(await changed!.png())).toBe('card 2');
    expect(draws.count).toBe(2);
  });

  it('draws at most three cards at a time, the others in turn', async () => {
    const draws = { count: 0, running: 0, most: 0 };
    const cards = images(draws, []);
    const found = await Promise.all(Array.from({ length: 8 }, () => cards.find(randomUUID())));
    const pngs = await Promise.all(found.map((card) => card!.png()));
    expect(draws.count).toBe(8);
    expect(draws.most).toBe(3);
    expect(new Set(pngs.map(String)).size).toBe(8);
  });

  it('finds nothing for a malformed id or an unpublished row', async () => {
    const cards = images({ count: 0 }, []);
    expect(await cards.find('nope')).toBeNull();
    row.published = false;
    expect(await cards.find(row.id)).toBeNull();
    row.published = true;
  });
});

describe('share card colours', () => {
  it('are the web app’s design tokens', async () => {
    const css = await readFile(new URL('../../web/src/styles/tokens.css', import.meta.url), 'utf8');
    const token = (name: string) =>
      new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css)?.[1]?.toLowerCase();
    for (const [key, value] of Object.entries(palette)) {
      const name = key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
      expect(value, name).toBe(token(name));
    }
    const tokenPrefix: Record<string, string> = {
      impact_areas: 'impact',
      work_methods: 'methods',
      differentiators: 'differentiators',
      culture: 'culture',
      company_properties: 'properties',
      approach: 'approach',
      how_we_scale_change: 'scale',
    };
    for (const [group, colours] of Object.entries(groupColours)) {
      expect(colours.ink, group).toBe(token(`${tokenPrefix[group]}-ink`));
      expect(colours.soft, group).toBe(token(`${tokenPrefix[group]}-soft`));
    }
    expect([SHARE_CARD_WIDTH, SHARE_CARD_HEIGHT]).toEqual([1200, 630]);
  });
});
