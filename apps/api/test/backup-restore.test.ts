import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { runRestore } from '../src/cli/backup-commands.ts';
import { runCommand } from '../src/cli/commands.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client.ts';
import { applicationTables, quote, rowsOf } from '../src/db/backup/database-tables.ts';
import { MANIFEST_NAME, migrationTags, type Manifest } from '../src/db/backup/manifest.ts';
import { readTar, tarEnd, tarEntry, type ArchiveEntry } from '../src/db/backup/tar-archive.ts';
import { signUp, type Body } from './support/accounts.ts';
import { createAgent, type Agent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import { imageForm, testImages } from './support/images.ts';
import { payInTestCheckout } from './support/payments.ts';
import { runCli, startReadyServer, type ServerProcess } from './support/server-process.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestContext } from './support/test-app.ts';
import { createEmptyPostgresDatabase } from './support/test-database.ts';

const silent = pino({ level: 'silent' });

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    output: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) },
    text: () => [...out, ...err].join('\n'),
  };
}

/** Every row of every table, as PostgreSQL writes it as JSON, in primary key order. */
async function contents(db: Database): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {};
  for (const table of await applicationTables(db)) {
    const order = (table.primaryKey.length ? table.primaryKey : table.columns).map(quote);
    all[table.name] = (
      await rowsOf<{ line: string }>(
        db,
        sql.raw(
          `select row_to_json(x)::text as line from (select * from ${quote(table.name)} order by ${order.join(', ')}) x`,
        ),
      )
    ).map((row) => row.line);
  }
  return all;
}

/** Every image file under a DATA_DIR, by key. */
async function uploadedFiles(dataDir: string): Promise<Map<string, Buffer>> {
  const root = path.join(dataDir, 'uploads');
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(root, file), await readFile(file));
  }
  return files;
}

const isEmptyOrMissing = async (folder: string) =>
  (await readdir(folder).catch(() => [])).length === 0;

/** A backup file with its manifest changed: what another product or a newer version writes. */
async function withManifest(file: string, change: (manifest: Manifest) => object, to: string) {
  const entries = readTar(gunzipSync(await readFile(file))).map((entry): ArchiveEntry => {
    if (entry.name !== MANIFEST_NAME) return entry;
    const manifest = JSON.parse(entry.body.toString('utf8')) as Manifest;
    return { name: entry.name, body: Buffer.from(JSON.stringify(change(manifest))) };
  });
  const now = new Date();
  await writeFile(
    to,
    gzipSync(Buffer.concat([...entries.flatMap((entry) => tarEntry(entry, now)), tarEnd()])),
  );
}

describe('backup and restore', () => {
  let source: TestContext;
  let owner: { browser: Agent; id: string };
  let organizationId: string;
  let work: string;
  let file: string;
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'scaling-impact-backup-'));
    file = path.join(work, 'backup.tar.gz');
    source = await createTestApp({ RATE_LIMITS: 'off' });
    owner = await signUp(source, 'owner@example.com', { password: 'owner-secret' });
    await signUp(source, 'reader@example.com');
    await source.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: 'news@example.com' },
    });
    // Paid in the test checkout: a subscription, a payment session and a published profile.
    organizationId = await createOrganization(source.database.db, {
      createdBy: owner.id,
      name: 'Backed Up Water',
      published: false,
    });
    await payInTestCheckout(owner.browser, organizationId, 'annual');
    for (const [kind, image] of [
      ['logo', await testImages.png(600, 600)],
      ['banner', await testImages.webp(1600, 600)],
    ] as const) {
      const form = imageForm(image);
      const answer = await owner.browser.call(
        'POST',
        `/api/organizations/${organizationId}/${kind}`,
        form.payload,
        form.headers,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    for (let index = 0; index < 3; index++) {
      await createOrganization(source.database.db, { createdBy: owner.id, published: true });
    }
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await source?.close();
    await rm(work, { recursive: true, force: true });
  });

  /** An app on a restored target, as a server started on it would answer. */
  async function appOn(database: DatabaseHandle, dataDir: string): Promise<FastifyInstance> {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL: TEST_PUBLIC_URL,
      LOG_LEVEL: 'silent',
      PERIODIC_JOBS: 'off',
      RATE_LIMITS: 'off',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    cleanups.push(() => app.close());
    return app;
  }

  const restore = async (target: { DATA_DIR: string; DATABASE_URL?: string }, from = file) => {
    const captured = capture();
    const code = await runRestore([from], {
      config: loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL, LOG_LEVEL: 'silent', ...target }),
      log: silent,
      output: captured.output,
    });
    return { code, text: captured.text() };
  };

  it('writes one file while the app runs, and restores it into an empty target to the same rows, images and answers', async () => {
    const captured = capture();
    const code = await runCommand(['backup', file], {
      database: source.database,
      storage: source.app.storage,
      config: loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL, DATA_DIR: source.dataDir }),
      log: silent,
      output: captured.output,
    });
    expect(code, captured.text()).toBe(0);
    const images = (await uploadedFiles(source.dataDir)).size;
    expect(images).toBeGreaterThanOrEqual(2);
    expect(captured.text()).toMatch(
      new RegExp(`^Backed up \\d+ rows of \\d+ tables and ${images} images to `),
    );

    const targetDir = path.join(work, 'restored');
    const postgres = await createEmptyPostgresDatabase();
    if (postgres) cleanups.push(postgres.drop);
    const restored = await restore({
      DATA_DIR: targetDir,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    });
    expect(restored.code, restored.text).toBe(0);

    const database = await openDatabase(
      postgres ? { databaseUrl: postgres.url } : { dataDir: targetDir },
    );
    cleanups.push(() => database.close());
    const before = await contents(source.database.db);
    const after = await contents(database.db);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    expect(before.users).toHaveLength(2);
    expect(before.subscriptions).toHaveLength(1);
    expect(await uploadedFiles(targetDir)).toEqual(await uploadedFiles(source.dataDir));

    const app = await appOn(database, targetDir);
    for (const url of ['/api/organizations', `/api/organizations/${organizationId}`]) {
      const [was, is] = await Promise.all([source.app.inject(url), app.inject(url)]);
      expect(is.statusCode, url).toBe(200);
      expect(is.json(), url).toEqual(was.json());
    }
    const list = (await app.inject('/api/organizations')).json<Body<unknown[]>>();
    expect((list as unknown as { meta: { total: number } }).meta.total).toBe(4);
    const [stored] = await rowsOf<{ logo: string }>(
      database.db,
      sql`select logo from organizations where id = ${organizationId}`,
    );
    const logo = await app.inject(stored!.logo);
    expect(logo.statusCode).toBe(200);
    const signIn = await createAgent(app).post('/api/auth/sign-in/email', {
      email: 'owner@example.com',
      password: 'owner-secret',
    });
    expect(signIn.status).toBe(200);
    // A new row after the restored ones: the sequences continue (email_outbox.id is a serial).
    const [outbox] = await rowsOf<{ next: number; max: number }>(
      database.db,
      sql`select nextval(pg_get_serial_sequence('email_outbox', 'id'))::int as next,
                 coalesce(max(id), 0)::int as max from email_outbox`,
    );
    expect(outbox!.next).toBeGreaterThan(outbox!.max);
    // A new embedded folder is created and migrated on disk: slower than the in-memory tests.
  }, 90_000);

  it('refuses a target that is not empty', async () => {
    // The work folder holds the backup file: as a server's folder holds its lock and data.
    const answer = await restore({ DATA_DIR: work });
    expect(answer.code).toBe(1);
    expect(answer.text).toMatch(/is not empty/);
  });

  it('refuses a truncated file, another product’s and a newer schema’s, and leaves the target untouched', async () => {
    const whole = await readFile(file);
    const truncated = path.join(work, 'truncated.tar.gz');
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const other = path.join(work, 'other.tar.gz');
    await withManifest(file, (manifest) => ({ ...manifest, product: 'another-app' }), other);
    const newer = path.join(work, 'newer.tar.gz');
    await withManifest(
      file,
      (manifest) => ({
        ...manifest,
        schema: { migrations: migrationTags().length + 1, last: '9999_from_the_future' },
      }),
      newer,
    );
    const tampered = path.join(work, 'tampered.tar.gz');
    await withManifest(
      file,
      (manifest) => ({
        ...manifest,
        tables: { ...manifest.tables, users: { ...manifest.tables.users!, rows: 3 } },
      }),
      tampered,
    );
    const target = path.join(work, 'untouched');
    for (const [bad, message] of [
      [truncated, /is truncated or damaged/],
      [other, /is not a Scaling Impact backup \(a backup of "another-app"\)/],
      [newer, /was made by a newer version \(schema \d+, 9999_from_the_future; this one has \d+\)/],
      [tampered, /is damaged: the rows of users do not match its manifest/],
    ] as const) {
      const answer = await restore({ DATA_DIR: target }, bad);
      expect(answer.code, bad).toBe(1);
      expect(answer.text).toMatch(message);
      expect(await isEmptyOrMissing(target)).toBe(true);
    }
    expect((await stat(file)).size).toBe(whole.length);
  });
});

/** The embedded database while its server runs: the backup runs inside it (ADR 020). */
describe('backup and restore beside a running embedded server', () => {
  const running: ServerProcess[] = [];
  let work: string;
  afterAll(async () => {
    for (const server of running) if (server.exitCode === null) server.kill('SIGKILL');
    if (work) await rm(work, { recursive: true, force: true });
  });

  async function serve(dataDir: string) {
    const { server, port } = await startReadyServer((port) => ({
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DEMO_DATA: 'true',
    }));
    running.push(server);
    const total = async () =>
      (
        (await (await fetch(`http://127.0.0.1:${port}/api/organizations`)).json()) as {
          meta: { total: number };
        }
      ).meta.total;
    return { server, total };
  }

  it('backs up the demo data through the server, refuses to restore into its folder, and restores into a new one', async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'scaling-impact-backup-server-'));
    const held = path.join(work, 'data');
    const fresh = path.join(work, 'restored');
    const file = path.join(work, 'demo.tar.gz');
    const { server, total } = await serve(held);
    const published = await total();
    expect(published).toBeGreaterThan(10);

    const backup = await runCli(['backup', file], { DATA_DIR: held });
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stderr).toContain(`The server (pid ${server.pid}) holds DATA_DIR`);
    expect(backup.stdout).toMatch(/^Backed up \d+ rows of \d+ tables and \d+ images to /);

    const intoHeld = await runCli(['restore', file], { DATA_DIR: held });
    expect(intoHeld.code).toBe(1);
    expect(intoHeld.stderr).toMatch(/is not empty \(a server may be running on it\)/);

    const restored = await runCli(['restore', file], { DATA_DIR: fresh });
    expect(restored.code, restored.stderr).toBe(0);
    server.kill('SIGTERM');
    // DEMO_DATA is on: the restored organizations are there, so none are seeded again.
    const again = await serve(fresh);
    expect(await again.total()).toBe(published);
  }, 180_000);
});
