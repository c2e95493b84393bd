import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, CategoryGroup, Organization } from '@si/contracts';
import { runCommand } from '../src/cli/commands.ts';
import { loadConfig } from '../src/config.ts';
import { readTar } from '../src/db/backup/tar-archive.ts';
import { seedBulkData } from '../src/db/seed/bulk.ts';
import { seedDemoData } from '../src/db/seed/demo.ts';
import { countRows, signUp, type Body } from './support/accounts.ts';
import type { Agent } from './support/browser-agent.ts';
import { uploadRedLogo } from './support/images.ts';
import { payInTestCheckout } from './support/payments.ts';
import { startS3Server, type S3Server } from './support/s3-server.ts';
import { startSecondAppInstance } from './support/second-app-instance.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestContext } from './support/test-app.ts';

/**
 * Share cards drawn ahead and kept in the Storage (ADR 026), through the HTTP API: drawings are
 * counted by GET /metrics, stored cards read through the app's own Storage (disk or bucket).
 */

type Answer = Body<Organization>;

const TOKEN = 'metrics-token-for-the-share-card-tests-0123';
const HOUR = 60 * 60 * 1000;
const cardPath = (id: string) => `/og/organizations/${id}.png`;

function sharedCardSuite(env: () => Record<string, string>) {
  const state = {} as { ctx: TestContext; owner: Agent; categoryIds: string[] };

  beforeAll(async () => {
    state.ctx = await createTestApp({
      RATE_LIMITS: 'off',
      DIRECTORY_CACHE_MS: '0',
      METRICS_TOKEN: TOKEN,
      ...env(),
    });
    ({ browser: state.owner } = await signUp(state.ctx, 'owner@example.com'));
    const categories = (await state.owner.get<Body<Category[]>>('/api/categories')).body.data;
    const groups = (await state.owner.get<Body<CategoryGroup[]>>('/api/category-groups')).body.data;
    state.categoryIds = groups.map(
      (group) => categories.find((category) => category.groupId === group.id)!.id,
    );
  });
  afterAll(() => state.ctx?.close());

  /** Created through the API and paid for in the test checkout: published. */
  async function publish(name: string): Promise<Organization> {
    const created = await state.owner.post<Answer>('/api/organizations', {
      name,
      description: 'Restores rivers with the towns along them.',
      country: 'KE',
      categoryIds: state.categoryIds,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await payInTestCheckout(state.owner, created.body.data.id);
    return (await state.owner.get<Answer>(`/api/organizations/${created.body.data.id}`)).body.data;
  }

  /** Cards drawn so far by this app, by what asked for them. */
  async function drawn(app = state.ctx.app) {
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    const count = (by: string) =>
      Number(
        new RegExp(`^share_cards_drawn_total\\{by="${by}"\\} (\\d+)$`, 'm').exec(
          response.body,
        )?.[1] ?? 0,
      );
    return { request: count('request'), job: count('job') };
  }

  /** The organization's stored cards: key and bytes. */
  async function storedCards(id: string) {
    const { storage } = state.ctx.app;
    const cards: { key: string; body: Buffer }[] = [];
    for await (const object of storage.list(`share-cards/${id}/`)) {
      const found = await storage.read(object.key);
      const chunks: Buffer[] = [];
      for await (const chunk of found!.body) chunks.push(chunk as Buffer);
      cards.push({ key: object.key, body: Buffer.concat(chunks) });
    }
    return cards;
  }

  /**
   * The organization's stored cards once their keys are `keys`: a first fetch is answered as soon
   * as its card is drawn, and the card is stored moments after.
   */
  async function storedSoon(id: string, keys: string[]) {
    await expect
      .poll(async () => (await storedCards(id)).map((card) => card.key).sort(), { timeout: 5000 })
      .toEqual([...keys].sort());
    return storedCards(id);
  }

  /** The Storage key of the card an answer carries. */
  const keyOf = (id: string, answer: { headers: Record<string, unknown> }) =>
    `share-cards/${id}/${String(answer.headers.etag).slice(1, -1)}.png`;

  const getCard = (id: string, headers: Record<string, string> = {}, app = state.ctx.app) =>
    app.inject({ method: 'GET', url: cardPath(id), headers });

  async function expectCard(id: string, app = state.ctx.app) {
    const response = await getCard(id, {}, app);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 630 });
    return response;
  }

  /** Runs the share-cards job until the queue is empty. */
  const drainQueue = async () => {
    const run = await state.ctx.app.jobs.drawShareCards();
    expect(run).not.toBeNull();
    return run!;
  };

  it('draws a card once for concurrent first fetches, stores it, and serves the file after', async () => {
    const organization = await publish('Concurrent Commons');
    const before = await drawn();
    const answers = await Promise.all(Array.from({ length: 8 }, () => getCard(organization.id)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers.etag).toBe(answers[0]!.headers.etag);
      expect(answer.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    }
    expect((await drawn()).request - before.request).toBe(1);
    const stored = await storedSoon(organization.id, [keyOf(organization.id, answers[0]!)]);
    expect(stored[0]!.body.equals(answers[0]!.rawPayload)).toBe(true);

    const again = await expectCard(organization.id);
    expect(again.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    const notModified = await getCard(organization.id, {
      'if-none-match': String(again.headers.etag),
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers.etag).toBe(again.headers.etag);
    expect(notModified.headers['cache-control']).toBe('public, max-age=86400');
    expect((await drawn()).request - before.request).toBe(1);
  });

  it('draws again after a name edit and a new logo, and removes the replaced files', async () => {
    const organization = await publish('Before Commons');
    const first = await expectCard(organization.id);
    const before = await drawn();

    const saved = await state.owner.call<Answer>('PUT', `/api/organizations/${organization.id}`, {
      version: organization.version,
      name: 'After Commons',
      description: organization.description,
      country: organization.country,
      location: organization.location,
      foundedYear: null,
      websiteUrl: null,
      linkedinUrl: null,
      twitterUrl: null,
      blogUrl: null,
      categoryIds: state.categoryIds,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const renamed = await expectCard(organization.id);
    expect(renamed.headers.etag).not.toBe(first.headers.etag);
    expect((await drawn()).request - before.request).toBe(1);
    expect(
      (await storedSoon(organization.id, [keyOf(organization.id, renamed)])).map(
        (card) => card.body,
      ),
    ).toEqual([renamed.rawPayload]);

    const uploaded = await uploadRedLogo(state.owner, organization.id);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    // Drawn ahead this time, as a server does a few seconds after the upload.
    expect((await drainQueue()).drawn).toBeGreaterThanOrEqual(1);
    expect((await drawn()).job - before.job).toBeGreaterThanOrEqual(1);
    const withLogo = await expectCard(organization.id);
    expect(withLogo.headers.etag).not.toBe(renamed.headers.etag);
    expect((await drawn()).request - before.request).toBe(1);
    expect((await storedCards(organization.id)).map((card) => card.body)).toEqual([
      withLogo.rawPayload,
    ]);
  });

  it('serves the stored card from a new instance on the same storage without drawing it', async () => {
    const organization = await publish('Restart Commons');
    const first = await expectCard(organization.id);
    await storedSoon(organization.id, [keyOf(organization.id, first)]);
    const second = await startSecondAppInstance(state.ctx, {
      METRICS_TOKEN: TOKEN,
      ...env(),
    });
    try {
      const served = await expectCard(organization.id, second.app);
      expect(served.headers.etag).toBe(first.headers.etag);
      expect(served.rawPayload.equals(first.rawPayload)).toBe(true);
      const notModified = await getCard(
        organization.id,
        { 'if-none-match': String(first.headers.etag) },
        second.app,
      );
      expect(notModified.statusCode).toBe(304);
      expect(await drawn(second.app)).toEqual({ request: 0, job: 0 });
    } finally {
      await second.close();
    }
  });

  it('draws a newly published profile’s card in the background, before any fetch', async () => {
    await drainQueue();
    const before = await drawn();
    const organization = await publish('Ahead Commons');
    const run = await drainQueue();
    expect(run.drawn).toBe(1);
    const stored = await storedCards(organization.id);
    expect(stored).toHaveLength(1);
    const served = await expectCard(organization.id);
    expect(served.rawPayload.equals(stored[0]!.body)).toBe(true);
    expect(await drawn()).toEqual({ request: before.request, job: before.job + 1 });
    // Done: the next run has nothing to draw.
    expect(await drainQueue()).toEqual({ drawn: 0, kept: 0, removed: 0, failed: 0 });
  });

  it('removes the cards of a profile an operator unpublishes and of a deleted one', async () => {
    const unpublished = await publish('Held Commons');
    const deleted = await publish('Gone Commons');
    await expectCard(unpublished.id);
    await expectCard(deleted.id);
    await drainQueue();
    expect(await storedCards(unpublished.id)).toHaveLength(1);
    expect(await storedCards(deleted.id)).toHaveLength(1);

    const code = await runCommand(['organization', 'unpublish', unpublished.id], {
      database: state.ctx.database,
      storage: state.ctx.app.storage,
      config: loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL }),
      log: pino({ level: 'silent' }),
      output: { out: () => {}, err: () => {} },
    });
    expect(code).toBe(0);
    const removal = await state.owner.call('DELETE', `/api/organizations/${deleted.id}`);
    expect(removal.status, JSON.stringify(removal.body)).toBe(200);

    expect((await drainQueue()).removed).toBe(2);
    expect(await storedCards(unpublished.id)).toEqual([]);
    expect(await storedCards(deleted.id)).toEqual([]);
    expect((await getCard(unpublished.id)).statusCode).toBe(404);
  });

  it('queues nothing for edits the card does not show, nor for bulk-seeded or demo profiles', async () => {
    const organization = await publish('Quiet Commons');
    await drainQueue();
    const queued = () => countRows(state.ctx, sql`select count(*)::int as n from share_card_queue`);
    const saved = await state.owner.call<Answer>('PUT', `/api/organizations/${organization.id}`, {
      version: organization.version,
      name: organization.name,
      description: 'A description is not on the card.',
      country: organization.country,
      location: organization.location,
      foundedYear: 1999,
      websiteUrl: 'https://quiet.example.org',
      linkedinUrl: null,
      twitterUrl: null,
      blogUrl: null,
      categoryIds: state.categoryIds,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await queued()).toBe(0);

    await seedBulkData(state.ctx.database.db, 25);
    expect(await queued()).toBe(0);
    expect(await seedDemoData(state.ctx.database.db, state.ctx.app.storage)).toBeGreaterThan(0);
    expect(await queued()).toBe(0);
    expect((await drainQueue()).drawn).toBe(0);
  });

  it('lets the upload sweep remove cards no profile shows any more, and keep the current ones', async () => {
    const organization = await publish('Swept Commons');
    const current = await expectCard(organization.id);
    const currentKey = keyOf(organization.id, current);
    await storedSoon(organization.id, [currentKey]);
    const { storage } = state.ctx.app;
    // Left by an edit whose removal failed, and by an organization deleted while its removal did.
    const leftover = `share-cards/${organization.id}/${'0'.repeat(32)}.png`;
    const orphan = `share-cards/${randomUUID()}/${'1'.repeat(32)}.png`;
    await storage.put(leftover, current.rawPayload, 'image/png');
    await storage.put(orphan, current.rawPayload, 'image/png');

    // Young files are left, whatever they are.
    expect((await state.ctx.app.jobs.sweepUploads(new Date()))?.unreferenced).toBe(0);
    expect((await storedCards(organization.id)).map((card) => card.key).sort()).toEqual(
      [currentKey, leftover].sort(),
    );

    const run = await state.ctx.app.jobs.sweepUploads(new Date(Date.now() + 2 * HOUR));
    expect(run?.unreferenced).toBeGreaterThanOrEqual(2);
    expect((await storedCards(organization.id)).map((card) => card.key)).toEqual([currentKey]);
    const orphans: string[] = [];
    for await (const object of storage.list(orphan.slice(0, orphan.lastIndexOf('/') + 1))) {
      orphans.push(object.key);
    }
    expect(orphans).toEqual([]);
    const served = await expectCard(organization.id);
    expect(served.rawPayload.equals(current.rawPayload)).toBe(true);
  });

  return { state, publish, expectCard, storedSoon, keyOf };
}

describe('share cards stored on disk', () => {
  const { state, publish, expectCard, storedSoon, keyOf } = sharedCardSuite(() => ({}));

  it('leaves the stored cards out of a backup: they are drawn again from the rows', async () => {
    const organization = await publish('Backed Commons');
    const card = await expectCard(organization.id);
    await storedSoon(organization.id, [keyOf(organization.id, card)]);
    const work = await mkdtemp(path.join(os.tmpdir(), 'scaling-impact-cards-backup-'));
    try {
      const file = path.join(work, 'backup.tar.gz');
      const code = await runCommand(['backup', file], {
        database: state.ctx.database,
        storage: state.ctx.app.storage,
        config: loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL, DATA_DIR: state.ctx.dataDir }),
        log: pino({ level: 'silent' }),
        output: { out: () => {}, err: () => {} },
      });
      expect(code).toBe(0);
      const names = readTar(gunzipSync(await readFile(file))).map((entry) => entry.name);
      expect(names).toContain('tables/organizations.jsonl');
      expect(names.filter((name) => name.includes('share-cards'))).toEqual([]);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});

describe('share cards stored in an S3-compatible bucket', () => {
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3?.close());
  sharedCardSuite(() => s3.env);
});
