import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageMessages, organizationImageKinds, type OrganizationImageKind } from '@si/contracts';
import { loadConfig } from '../../src/config.ts';
import { seedDemoData } from '../../src/db/seed/demo.ts';
import { createStorage } from '../../src/adapters/storage/index.ts';
import { variantKeys } from '../../src/adapters/storage/storage.ts';
import { signUp, type Body } from './accounts.ts';
import { createAgent, type Agent } from './browser-agent.ts';
import { createOrganization } from './factories.ts';
import { imageForm, multipartBody, testImages, type FormPart } from './images.ts';
import { createTestApp, type TestContext } from './test-app.ts';

/** What a backend has stored, read behind the app's back: files on disk or a bucket's objects. */
export interface StoredFiles {
  keys(): Promise<string[]>;
  read(key: string): Promise<Buffer>;
}

export interface ImageTestBackend {
  name: string;
  start(): Promise<{
    env: Record<string, string>;
    files(ctx: TestContext): StoredFiles;
    stop(): Promise<void>;
  }>;
}

type Target = { kind: 'logo' } | { kind: 'banner' } | { kind: 'category'; categoryId: string };

const targets: Target[] = [
  { kind: 'logo' },
  { kind: 'banner' },
  { kind: 'category', categoryId: 'climate_action' },
];
const pathOf = (organizationId: string, target: Target) =>
  target.kind === 'category'
    ? `/api/organizations/${organizationId}/category/${target.categoryId}/image`
    : `/api/organizations/${organizationId}/${target.kind}`;
const answerField = {
  logo: 'logoUrl',
  banner: 'bannerImageUrl',
  category: 'categoryImageUrl',
} as const;
const largest = (kind: OrganizationImageKind) => Math.max(...organizationImageKinds[kind].widths);
const heightOf = (kind: OrganizationImageKind, width: number) =>
  Math.round(width / organizationImageKinds[kind].aspect);

type Answer = Body<Record<string, string>>;

/**
 * The image calls end to end on one storage backend: what is accepted and refused, what is
 * stored (every width, its size, WebP, no metadata), what is served, and that replaced,
 * removed and deleted images leave no files behind.
 */
export function organizationImageSuite(backend: ImageTestBackend) {
  describe(`organization images (${backend.name})`, () => {
    let ctx: TestContext;
    let files: StoredFiles;
    let stopBackend = async () => {};
    let env: Record<string, string>;
    let owner: { browser: Agent; id: string };

    beforeAll(async () => {
      const started = await backend.start();
      stopBackend = started.stop;
      env = started.env;
      ctx = await createTestApp({ RATE_LIMITS: 'off', ...env });
      files = started.files(ctx);
      owner = await signUp(ctx, 'owner@example.com');
    });
    afterAll(async () => {
      await ctx?.close();
      await stopBackend();
    });

    const send = (agent: Agent, method: 'POST' | 'DELETE', url: string, parts?: FormPart[]) => {
      const form = parts ? multipartBody(parts) : undefined;
      return agent.call<Answer>(method, url, form?.payload, form?.headers);
    };
    const upload = (agent: Agent, organizationId: string, target: Target, image: Buffer) => {
      const form = imageForm(image);
      return agent.call<Answer>('POST', pathOf(organizationId, target), form.payload, form.headers);
    };
    // Paid for (the payment gate lets its owner add images) but not published: only the owner
    // may see it, so the access rules are tested at their strictest.
    const newOrganization = (createdBy = owner.id, published = false) =>
      createOrganization(ctx.database.db, { createdBy, published, paymentStatus: 'paid' });

    async function keysOf(organizationId: string) {
      const prefix = `organizations/${organizationId}/`;
      return (await files.keys()).filter((key) => key.startsWith(prefix)).sort();
    }

    async function storedUrl(organizationId: string, target: Target): Promise<string | null> {
      const result = (await ctx.database.db.execute(
        target.kind === 'category'
          ? sql`select image_url as url from organization_categories where organization_id = ${organizationId} and category_id = ${target.categoryId}`
          : target.kind === 'logo'
            ? sql`select logo as url from organizations where id = ${organizationId}`
            : sql`select banner_image as url from organizations where id = ${organizationId}`,
      )) as unknown as { rows: { url: string | null }[] };
      return result.rows[0]?.url ?? null;
    }

    const widthKeys = (url: string, kind: OrganizationImageKind) =>
      organizationImageKinds[kind].widths.map((width) =>
        url.replace(/^\/uploads\//, '').replace(/-\d+w\.webp$/, `-${width}w.webp`),
      );

    /** Every width is stored at its size, as WebP without metadata, and the URL serves it. */
    async function expectStoredImage(
      organizationId: string,
      url: string,
      kind: OrganizationImageKind,
    ) {
      expect(url).toMatch(
        new RegExp(
          `^/uploads/organizations/${organizationId}/${kind}-[0-9a-f]{16}-${largest(kind)}w\\.webp$`,
        ),
      );
      const keys = widthKeys(url, kind);
      expect(await keysOf(organizationId)).toEqual(expect.arrayContaining(keys));
      for (const [index, width] of organizationImageKinds[kind].widths.entries()) {
        const bytes = await files.read(keys[index]!);
        const metadata = await sharp(bytes).metadata();
        expect(metadata).toMatchObject({ format: 'webp', width, height: heightOf(kind, width) });
        expect(metadata.exif).toBeUndefined();
        expect(metadata.icc).toBeUndefined();
        expect(metadata.xmp).toBeUndefined();
      }
      const served = await ctx.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toMatch(/immutable/);
      expect(served.rawPayload.equals(await files.read(keys.at(-1)!))).toBe(true);
    }

    it('stores PNG, JPEG and WebP uploads of each kind in every width, replacing the one before', async () => {
      const organizationId = await newOrganization();
      const sources = [
        ['png', await testImages.png()],
        ['jpeg', await testImages.jpegWithExif()],
        ['webp', await testImages.webp()],
      ] as const;
      for (const target of targets) {
        let previous: string | null = null;
        for (const [, image] of sources) {
          const answer = await upload(owner.browser, organizationId, target, image);
          expect(answer.status).toBe(200);
          const url = answer.body.data[answerField[target.kind]]!;
          expect(Object.keys(answer.body.data)).toEqual([answerField[target.kind]]);
          await expectStoredImage(organizationId, url, target.kind);
          expect(await storedUrl(organizationId, target)).toBe(url);
          // The replaced image's files are gone; only this one's widths remain of this kind.
          const ofKind = (await keysOf(organizationId)).filter((key) =>
            key.includes(`/${target.kind}-`),
          );
          expect(ofKind.sort()).toEqual(widthKeys(url, target.kind).sort());
          if (previous) {
            expect((await ctx.app.inject({ method: 'GET', url: previous })).statusCode).toBe(404);
          }
          previous = url;
        }
      }
    });

    it('turns a JPEG upright by its EXIF orientation and keeps none of its metadata', async () => {
      const organizationId = await newOrganization();
      const jpeg = await testImages.jpegWithExif();
      expect(await sharp(jpeg).metadata()).toMatchObject({ orientation: 6, width: 800 });
      expect(jpeg.includes('TestCam')).toBe(true);
      const answer = await upload(owner.browser, organizationId, { kind: 'logo' }, jpeg);
      expect(answer.status).toBe(200);
      const url = answer.body.data.logoUrl!;
      const bytes = await files.read(url.replace(/^\/uploads\//, ''));
      expect(bytes.includes('TestCam')).toBe(false);
      expect(bytes.includes('secret location')).toBe(false);
      const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => {
        const at = (y * info.width + x) * info.channels;
        return { r: data[at]!, b: data[at + 2]! };
      };
      // Stored sideways (red left, blue right) with orientation 6: upright, red is on top.
      for (const x of [10, info.width - 10]) {
        expect(pixel(x, 10).r).toBeGreaterThan(150);
        expect(pixel(x, info.height - 10).b).toBeGreaterThan(150);
      }
    });

    it('judges the type by the bytes, not by the declared type or the name', async () => {
      const organizationId = await newOrganization();
      const png = await testImages.png();
      const declaredJpeg = await send(owner.browser, 'POST', pathOf(organizationId, targets[0]!), [
        { name: 'image', filename: 'photo.jpg', contentType: 'image/jpeg', data: png },
      ]);
      expect(declaredJpeg.status).toBe(200);
      await expectStoredImage(organizationId, declaredJpeg.body.data.logoUrl!, 'logo');

      const other = await newOrganization();
      const refused: [string, Buffer | string, string][] = [
        ['notes.png', 'This is a text file, not an image.\n'.repeat(20), 'image/png'],
        ['drawing.png', testImages.svg(), 'image/png'],
        ['drawing.svg', testImages.svg(), 'image/svg+xml'],
        ['animation.gif', await testImages.gif(), 'image/gif'],
      ];
      for (const [filename, data, contentType] of refused) {
        const answer = await send(owner.browser, 'POST', pathOf(other, { kind: 'banner' }), [
          { name: 'image', filename, contentType, data },
        ]);
        expect(answer.status, filename).toBe(400);
        expect(answer.body.error).toEqual({
          code: 'UNSUPPORTED_IMAGE',
          message: imageMessages.wrongType,
        });
      }
      expect(await keysOf(other)).toEqual([]);
      expect(await storedUrl(other, { kind: 'banner' })).toBeNull();
    });

    it('refuses a file of 5 MB or more as it arrives, storing nothing', async () => {
      const organizationId = await newOrganization();
      const big = await testImages.sixMegabytes();
      expect(big.length).toBeGreaterThan(6_000_000);
      const answer = await upload(owner.browser, organizationId, { kind: 'banner' }, big);
      expect(answer.status).toBe(413);
      expect(answer.body.error).toEqual({
        code: 'IMAGE_TOO_LARGE',
        message: imageMessages.tooLarge,
      });
      expect(await keysOf(organizationId)).toEqual([]);
      expect(await storedUrl(organizationId, { kind: 'banner' })).toBeNull();
    });

    it('refuses images over 25 megapixels and damaged or truncated ones', async () => {
      const organizationId = await newOrganization();
      const huge = await testImages.tooManyPixels();
      expect(huge.length).toBeLessThan(1_000_000);
      const tooMany = await upload(owner.browser, organizationId, { kind: 'logo' }, huge);
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.error).toEqual({
        code: 'IMAGE_TOO_MANY_PIXELS',
        message: imageMessages.tooManyPixels,
      });

      const noisy = await sharp(await testImages.sixMegabytes())
        .resize(600, 500)
        .toBuffer();
      const truncated = [
        await sharp(noisy).jpeg().toBuffer(),
        await sharp(noisy).png().toBuffer(),
        await sharp(noisy).webp().toBuffer(),
      ].map((bytes) => bytes.subarray(0, Math.floor(bytes.length * 0.6)));
      for (const bytes of truncated) {
        const answer = await upload(owner.browser, organizationId, { kind: 'logo' }, bytes);
        expect(answer.status).toBe(400);
        expect(answer.body.error).toEqual({
          code: 'UNREADABLE_IMAGE',
          message: imageMessages.unreadable,
        });
      }
      expect(await keysOf(organizationId)).toEqual([]);
      expect(await storedUrl(organizationId, { kind: 'logo' })).toBeNull();
    });

    it('accepts an image with trailing data, which re-encoding leaves behind', async () => {
      const organizationId = await newOrganization();
      const payload = '<html><script>alert("polyglot")</script></html>';
      const withTrailer = Buffer.concat([await testImages.png(), Buffer.from(payload)]);
      const answer = await upload(owner.browser, organizationId, { kind: 'logo' }, withTrailer);
      expect(answer.status).toBe(200);
      for (const key of await keysOf(organizationId)) {
        expect((await files.read(key)).includes('polyglot')).toBe(false);
      }
    });

    it('answers "Please select a file" when there is no file in the field image', async () => {
      const organizationId = await newOrganization();
      const url = pathOf(organizationId, { kind: 'logo' });
      const answers = [
        await owner.browser.call<Answer>('POST', url, { image: 'not a file' }),
        await owner.browser.call<Answer>('POST', url),
        await send(owner.browser, 'POST', url, [{ name: 'image', data: 'a text field' }]),
        await send(owner.browser, 'POST', url, [
          { name: 'image', filename: '', contentType: 'application/octet-stream', data: '' },
        ]),
        await send(owner.browser, 'POST', url, [
          { name: 'picture', filename: 'logo.png', data: await testImages.png() },
        ]),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(400);
        expect(answer.body.error).toEqual({ code: 'NO_FILE', message: imageMessages.noFile });
      }
      expect(await keysOf(organizationId)).toEqual([]);
    });

    it('refuses an image for a category the organization does not have, leaving no files', async () => {
      const organizationId = await newOrganization();
      const answer = await upload(
        owner.browser,
        organizationId,
        { kind: 'category', categoryId: 'health_wellbeing' },
        await testImages.png(),
      );
      expect(answer.status).toBe(404);
      expect(answer.body.error?.code).toBe('NOT_FOUND');
      expect(await keysOf(organizationId)).toEqual([]);
    });

    it('removes an image with DELETE: the row is cleared and its files are gone', async () => {
      const organizationId = await newOrganization();
      for (const target of targets) {
        const uploaded = await upload(
          owner.browser,
          organizationId,
          target,
          await testImages.png(),
        );
        expect(uploaded.status).toBe(200);
      }
      expect(await keysOf(organizationId)).toHaveLength(3 + 2 + 2);
      for (const target of targets) {
        const url = (await storedUrl(organizationId, target))!;
        const answer = await send(owner.browser, 'DELETE', pathOf(organizationId, target));
        expect(answer.status).toBe(200);
        expect(answer.body.data).toEqual({ deleted: true });
        expect(await storedUrl(organizationId, target)).toBeNull();
        expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
      expect(await keysOf(organizationId)).toEqual([]);
      // Deleting what is not there is no error.
      expect(
        (await send(owner.browser, 'DELETE', pathOf(organizationId, targets[0]!))).status,
      ).toBe(200);
    });

    it('removes a category image when a save drops the category, and every file when the organization is deleted', async () => {
      const organizationId = await newOrganization();
      for (const target of targets) {
        const uploaded = await upload(
          owner.browser,
          organizationId,
          target,
          await testImages.png(),
        );
        expect(uploaded.status).toBe(200);
      }
      const categories = (
        await owner.browser.get<{ data: { id: string; groupId: string }[] }>('/api/categories')
      ).body.data;
      const groups = (await owner.browser.get<{ data: { id: string }[] }>('/api/category-groups'))
        .body.data;
      const withoutClimate = groups.map(
        (group) => categories.find((c) => c.groupId === group.id && c.id !== 'climate_action')!.id,
      );
      const current = (
        await owner.browser.get<{ data: { version: number; name: string; description: string } }>(
          `/api/organizations/${organizationId}`,
        )
      ).body.data;
      const saved = await owner.browser.call('PUT', `/api/organizations/${organizationId}`, {
        version: current.version,
        name: current.name,
        description: current.description,
        country: 'KE',
        location: '',
        foundedYear: null,
        websiteUrl: null,
        linkedinUrl: null,
        twitterUrl: null,
        blogUrl: null,
        categoryIds: withoutClimate,
      });
      expect(saved.status).toBe(200);
      // The logo's three widths and the banner's two stay; the category image's are gone.
      expect(await keysOf(organizationId)).toHaveLength(3 + 2);
      const deleted = await send(owner.browser, 'DELETE', `/api/organizations/${organizationId}`);
      expect(deleted.status).toBe(200);
      expect(await keysOf(organizationId)).toEqual([]);
    });

    it('refuses anyone but the verified owner, storing and removing nothing', async () => {
      const published = await newOrganization(owner.id, true);
      const unpublished = await newOrganization(owner.id, false);
      for (const organizationId of [published, unpublished]) {
        for (const target of targets) {
          expect(
            (await upload(owner.browser, organizationId, target, await testImages.png())).status,
          ).toBe(200);
        }
      }
      const guest = createAgent(ctx.app);
      expect((await guest.post('/api/auth/sign-in/anonymous')).status).toBe(200);
      const visitors: [string, Agent, number, number][] = [
        ['signed out', createAgent(ctx.app), 401, 401],
        ['guest', guest, 403, 403],
        [
          'unverified',
          (await signUp(ctx, 'unverified@example.com', { verified: false })).browser,
          403,
          403,
        ],
        ['another user', (await signUp(ctx, 'other@example.com')).browser, 403, 404],
      ];
      const snapshot = async () => ({
        files: [...(await keysOf(published)), ...(await keysOf(unpublished))],
        rows: await Promise.all(
          [published, unpublished].flatMap((id) => targets.map((target) => storedUrl(id, target))),
        ),
      });
      const before = await snapshot();
      const image = await testImages.png();
      for (const [who, agent, onPublished, onUnpublished] of visitors) {
        for (const [organizationId, status] of [
          [published, onPublished],
          [unpublished, onUnpublished],
        ] as const) {
          for (const target of targets) {
            const posted = await upload(agent, organizationId, target, image);
            expect(posted.status, `${who} POST ${target.kind}`).toBe(status);
            expect(posted.body.error?.code).toBeTruthy();
            const deleted = await send(agent, 'DELETE', pathOf(organizationId, target));
            expect(deleted.status, `${who} DELETE ${target.kind}`).toBe(status);
          }
        }
      }
      expect(await snapshot()).toEqual(before);
    });

    it("removes the images when the owner's account is deleted", async () => {
      const leaving = await signUp(ctx, 'leaving@example.com');
      const organizationId = await newOrganization(leaving.id, true);
      for (const target of targets) {
        expect(
          (await upload(leaving.browser, organizationId, target, await testImages.png())).status,
        ).toBe(200);
      }
      expect(await keysOf(organizationId)).toHaveLength(7);
      const deleted = await leaving.browser.delete('/api/users/me', {
        confirmation: 'DELETE',
        password: 'secret1',
      });
      expect(deleted.status).toBe(200);
      expect(await keysOf(organizationId)).toEqual([]);
    });

    it('serves the demo images written where uploads are stored', async () => {
      const storage = createStorage(loadConfig({ DATA_DIR: ctx.dataDir, ...env }));
      try {
        expect(await seedDemoData(ctx.database.db, storage)).toBeGreaterThan(0);
      } finally {
        await storage.close();
      }
      const demo = (await files.keys()).filter((key) => key.startsWith('demo/'));
      expect(demo.length).toBeGreaterThan(50);
      const served = await ctx.app.inject({ method: 'GET', url: `/uploads/${demo[0]}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const missing = await ctx.app.inject({ method: 'GET', url: '/uploads/demo/missing.webp' });
      expect(missing.statusCode).toBe(404);
      for (const url of ['/uploads/../config.ts', '/uploads/%2e%2e/%2e%2e/package.json']) {
        expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    });

    it('sweeps stored images no row references once an hour old, and never a referenced one', async () => {
      const organizationId = await newOrganization();
      expect(
        (await upload(owner.browser, organizationId, targets[0]!, await testImages.png())).status,
      ).toBe(200);
      expect(
        (await upload(owner.browser, organizationId, targets[2]!, await testImages.png())).status,
      ).toBe(200);
      const stray = `organizations/${organizationId}/logo-0123456789abcdef-512w.webp`;
      const notAnImage = `organizations/${organizationId}/notes.txt`;
      await ctx.app.storage.put(stray, await testImages.webp(), 'image/webp');
      await ctx.app.storage.put(notAnImage, Buffer.from('kept'), 'text/plain');
      const referenced = async () => {
        const rows = (await ctx.database.db.execute(
          sql`select logo as url from organizations union select banner_image from organizations
              union select image_url from organization_categories`,
        )) as unknown as { rows: { url: string | null }[] };
        const stored = new Set(await files.keys());
        return rows.rows
          .flatMap((row) => (row.url ? variantKeys(row.url.replace(/^\/uploads\//, '')) : []))
          .filter((key) => stored.has(key))
          .sort();
      };
      const kept = await referenced();
      expect(kept.filter((key) => key.startsWith('demo/')).length).toBeGreaterThan(50);
      expect(kept.filter((key) => key.startsWith(`organizations/${organizationId}/`))).toHaveLength(
        organizationImageKinds.logo.widths.length + organizationImageKinds.category.widths.length,
      );

      // Younger than the hour of grace: an upload whose row may be on its way.
      expect(await ctx.app.jobs.sweepUploads(new Date())).toEqual({
        unfinished: 0,
        unreferenced: 0,
      });
      expect(await files.keys()).toContain(stray);

      const run = await ctx.app.jobs.sweepUploads(new Date(Date.now() + 2 * 60 * 60 * 1000));
      expect(run?.unreferenced).toBeGreaterThanOrEqual(1);
      const after = await files.keys();
      expect(after).not.toContain(stray);
      expect(after).toContain(notAnImage);
      expect(await referenced()).toEqual(kept);
      const logo = await storedUrl(organizationId, targets[0]!);
      expect((await ctx.app.inject({ method: 'GET', url: logo! })).statusCode).toBe(200);
    });
  });
}
