import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { organizationImageKinds } from '@si/contracts';
import { UNFINISHED_FOLDER } from '../src/adapters/storage/disk.ts';
import { signUp } from './support/accounts.ts';
import { holdAdvisoryLock } from './support/advisory-lock.ts';
import { createOrganization } from './support/factories.ts';
import { imageForm, testImages } from './support/images.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

const HOUR = 60 * 60 * 1000;

/**
 * Files on disk (DATA_DIR/uploads): a write is never served before it is complete, and the
 * upload sweep removes what a process killed mid-upload leaves and images no row references,
 * by their age on disk (fs.utimes), never an image a row references.
 */
describe('upload sweep (files on disk)', () => {
  let ctx: TestContext;
  let root: string;
  let image: Buffer;

  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMITS: 'off' });
    root = path.join(ctx.dataDir, 'uploads');
    image = await testImages.webp(64, 64);
  });
  afterAll(() => ctx.close());
  // Each case starts from an empty folder; rows left by one reference files no longer there.
  afterEach(() => rm(root, { recursive: true, force: true }));

  /** Writes a file under the uploads folder, last modified `age` ago. */
  async function stored(key: string, age: number) {
    const file = path.join(root, ...key.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, image);
    const when = new Date(Date.now() - age);
    await utimes(file, when, when);
    return key;
  }
  async function present(): Promise<Set<string>> {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return new Set(
      entries
        .filter((entry) => entry.isFile())
        .map((entry) =>
          path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        ),
    );
  }
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  const widths = (prefix: string, kind: keyof typeof organizationImageKinds) =>
    organizationImageKinds[kind].widths.map((width) => `${prefix}-${width}w.webp`);

  it('never serves a write in progress, nor anything but an image key', async () => {
    const folder = `organizations/${randomUUID()}`;
    const complete = await stored(`${folder}/logo-00000000000000aa-512w.webp`, 0);
    const unfinished = await stored(`${UNFINISHED_FOLDER}/0123456789abcdef01234567`, 0);
    // Named as a write in progress was before writes moved to their own folder.
    const besideIt = await stored(`${folder}/logo-00000000000000aa-512w.webp.0a1b2c.partial`, 0);
    const notAnImage = await stored(`${folder}/notes.txt`, 0);

    expect((await get(`/uploads/${complete}`)).statusCode).toBe(200);
    for (const url of [
      `/uploads/${unfinished}`,
      `/uploads/%2epartial/0123456789abcdef01234567`,
      `/uploads/${besideIt}`,
      `/uploads/${notAnImage}`,
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('uploads leave nothing in the folder of writes in progress', async () => {
    const { browser, id } = await signUp(ctx, 'uploader@example.com');
    const organizationId = await createOrganization(ctx.database.db, {
      createdBy: id,
      published: false,
      paymentStatus: 'paid',
    });
    const form = imageForm(await testImages.png());
    const answer = await browser.call(
      'POST',
      `/api/organizations/${organizationId}/logo`,
      form.payload,
      form.headers,
    );
    expect(answer.status).toBe(200);
    expect([...(await present())].filter((key) => key.startsWith(`${UNFINISHED_FOLDER}/`))).toEqual(
      [],
    );
  });

  it('removes writes cut short and unreferenced images an hour old; keeps referenced and young ones', async () => {
    const folder = `organizations/${randomUUID()}`;
    const old = 2 * HOUR;
    const young = 10 * 60 * 1000;

    // Referenced by a row, and long ago: kept whatever their age.
    const logo = widths(`${folder}/logo-00000000000000bb`, 'logo');
    const banner = widths(`${folder}/banner-00000000000000bb`, 'banner');
    const category = widths(`${folder}/category-00000000000000bb`, 'category');
    const demo = 'demo/00000000-0000-4000-8000-000000000001-logo.webp';
    const avatar = `${folder}/avatar-00000000000000bb-512w.webp`;
    for (const key of [...logo, ...banner, ...category, demo, avatar]) {
      await stored(key, 30 * 24 * HOUR);
    }
    const organizationId = await createOrganization(ctx.database.db, {
      logo: `/uploads/${logo.at(-1)}`,
      bannerImage: `/uploads/${banner.at(-1)}`,
      categoryIds: ['climate_action', 'nonprofit'],
    });
    await ctx.database.db.execute(
      sql`update organization_categories set image_url = ${`/uploads/${category.at(-1)}`}
          where organization_id = ${organizationId} and category_id = 'climate_action'`,
    );
    await createOrganization(ctx.database.db, { logo: `/uploads/${demo}` });
    const { id: userId } = await signUp(ctx, 'avatar@example.com');
    await ctx.database.db.execute(
      sql`update users set image = ${`/uploads/${avatar}`} where id = ${userId}`,
    );

    const oldUnreferenced = widths(`${folder}/logo-00000000000000cc`, 'logo');
    for (const key of oldUnreferenced) await stored(key, old);
    const oldDemo = await stored('demo/00000000-0000-4000-8000-000000000002-logo.webp', old);
    const youngUnreferenced = await stored(`${folder}/logo-00000000000000dd-512w.webp`, young);
    const notAnImage = await stored(`${folder}/notes.txt`, old);
    const oldUnfinished = await stored(`${UNFINISHED_FOLDER}/aaaaaaaaaaaaaaaaaaaaaaaa`, old);
    const youngUnfinished = await stored(`${UNFINISHED_FOLDER}/bbbbbbbbbbbbbbbbbbbbbbbb`, young);
    const oldBesideIt = await stored(
      `${folder}/logo-00000000000000ee-512w.webp.1a2b3c.partial`,
      old,
    );

    const run = await ctx.app.jobs.sweepUploads(new Date());
    expect(run).toEqual({ unfinished: 2, unreferenced: oldUnreferenced.length + 1 });

    const after = await present();
    for (const key of [...logo, ...banner, ...category, demo, avatar]) {
      expect(after.has(key), `referenced ${key}`).toBe(true);
    }
    for (const key of [youngUnreferenced, youngUnfinished, notAnImage]) {
      expect(after.has(key), `kept ${key}`).toBe(true);
    }
    for (const key of [...oldUnreferenced, oldDemo, oldUnfinished, oldBesideIt]) {
      expect(after.has(key), `removed ${key}`).toBe(false);
    }
    expect((await get(`/uploads/${logo.at(-1)}`)).statusCode).toBe(200);

    // Nothing left to do: a second run removes nothing.
    expect(await ctx.app.jobs.sweepUploads(new Date())).toEqual({ unfinished: 0, unreferenced: 0 });
  });

  it('leaves the sweep to the process holding its lock', async () => {
    const orphan = await stored(
      `organizations/${randomUUID()}/logo-00000000000000ff-512w.webp`,
      2 * HOUR,
    );
    if (ctx.database.kind === 'pglite') {
      // PGlite has one connection: a held lock would block the job itself, so only check that a
      // free lock lets the job run.
      expect(await ctx.app.jobs.sweepUploads(new Date())).toEqual({
        unfinished: 0,
        unreferenced: 1,
      });
      return;
    }
    const lock = await holdAdvisoryLock(ctx.database.db, 727274004);
    expect(await ctx.app.jobs.sweepUploads(new Date())).toBeNull();
    expect((await present()).has(orphan)).toBe(true);
    await lock.release();
    expect(await ctx.app.jobs.sweepUploads(new Date())).toEqual({ unfinished: 0, unreferenced: 1 });
    expect((await present()).has(orphan)).toBe(false);
  });
});
