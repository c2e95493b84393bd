import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@si/contracts';
import { buildApp } from '../src/app.ts';
import { runRestore } from '../src/cli/backup-commands.ts';
import { runCommand } from '../src/cli/commands.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { AUTH_SECRET_ENTRY, MANIFEST_NAME, type Manifest } from '../src/db/backup/manifest.ts';
import { readTar, tarEnd, tarEntry, type ArchiveEntry } from '../src/db/backup/tar-archive.ts';
import { signUp, startAppWithMailbox, stopAppWithMailbox, type Body } from './support/accounts.ts';
import { createAgent, type Agent } from './support/browser-agent.ts';
import { createOrganization } from './support/factories.ts';
import { linkIn, type Mailbox } from './support/mailbox.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestContext } from './support/test-app.ts';
import { createEmptyPostgresDatabase } from './support/test-database.ts';

const silent = pino({ level: 'silent' });
const SECRET_A = 'a-first-secret-of-at-least-32-characters';
const SECRET_B = 'another-secret-of-at-least-32-characters';

function capture() {
  const lines: string[] = [];
  return {
    output: { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) },
    text: () => lines.join('\n'),
  };
}

let work: string;
const cleanups: (() => Promise<void>)[] = [];
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'scaling-impact-backup-secret-'));
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await rm(work, { recursive: true, force: true });
});

/** `npm run cli -- backup FILE` against a source app, with the server's settings. */
async function backUp(source: TestContext, file: string, env: Record<string, string> = {}) {
  const captured = capture();
  const code = await runCommand(['backup', file], {
    database: source.database,
    storage: source.app.storage,
    config: loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL, DATA_DIR: source.dataDir, ...env }),
    log: silent,
    output: captured.output,
  });
  expect(code, captured.text()).toBe(0);
}

/** `npm run cli -- restore FILE [flags]` into a fresh target (a new folder, an empty database). */
async function restore(file: string, env: Record<string, string> = {}, flags: string[] = []) {
  const dataDir = path.join(
    work,
    `restored-${cleanups.length}-${Math.random().toString(36).slice(2)}`,
  );
  const postgres = await createEmptyPostgresDatabase();
  if (postgres) cleanups.push(postgres.drop);
  const target = { DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url } : {}), ...env };
  const captured = capture();
  const code = await runRestore([file, ...flags], {
    config: loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL, LOG_LEVEL: 'silent', ...target }),
    log: silent,
    output: captured.output,
  });
  return { code, text: captured.text(), target };
}

/** The server started on a restored target, as it would answer. */
async function serveRestored(target: Record<string, string>): Promise<FastifyInstance> {
  const database = await openDatabase(
    target.DATABASE_URL ? { databaseUrl: target.DATABASE_URL } : { dataDir: target.DATA_DIR! },
  );
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_PUBLIC_URL,
    LOG_LEVEL: 'silent',
    PERIODIC_JOBS: 'off',
    RATE_LIMITS: 'off',
    WEB_DIST_DIR: path.join(work, 'no-web-build'),
    ...target,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await database.close();
  });
  return app;
}

/** The browser's cookies, brought to another app (the restored server at the same address). */
function sameBrowserOn(app: FastifyInstance, browser: Agent): Agent {
  const again = createAgent(app);
  for (const [name, value] of browser.jar) again.jar.set(name, value);
  return again;
}

const signedInAs = async (browser: Agent) =>
  (await browser.get<Body<CurrentUser | null>>('/api/auth/session')).body.data?.email ?? null;

describe('a restore keeps the auth secret the backup was made with', () => {
  let source: TestContext;
  let mailbox: Mailbox;
  let reader: Agent;
  let unsubscribe: URL;
  let file: string;

  beforeAll(async () => {
    ({ ctx: source, mailbox } = await startAppWithMailbox());
    reader = (await signUp(source, 'reader@example.org')).browser;
    expect(await signedInAs(reader)).toBe('reader@example.org');
    // The newsletter's digest, with its unsubscribe link, emailed before the backup.
    await source.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: 'reader@example.org' },
    });
    await source.app.emailRelay.drain();
    const confirmation = mailbox.latest('reader@example.org', /Confirm your subscription/);
    const token = linkIn(confirmation, '/newsletter/confirm').searchParams.get('token');
    const confirmed = await source.app.inject({
      method: 'POST',
      url: '/api/newsletter/confirm',
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    await createOrganization(source.database.db, { name: 'Kept Secret Trust' });
    const now = new Date();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 6));
    expect(await source.app.jobs.sendNewsletterDigest(nextMonth)).toBeGreaterThan(0);
    await source.app.emailRelay.drain();
    const digest = mailbox.latest('reader@example.org', /New on Scaling Impact/);
    unsubscribe = linkIn(digest, '/api/newsletter/unsubscribe');

    file = path.join(work, 'with-secret.tar.gz');
    await backUp(source, file);
  }, 120_000);
  afterAll(() => stopAppWithMailbox(source, mailbox));

  it('restores DATA_DIR/auth-secret: the session and the emailed unsubscribe link still work', async () => {
    const restored = await restore(file);
    expect(restored.code, restored.text).toBe(0);
    expect(restored.text).toContain('its auth secret into DATA_DIR/auth-secret');
    expect(await readFile(path.join(restored.target.DATA_DIR, 'auth-secret'), 'utf8')).toBe(
      await readFile(path.join(source.dataDir, 'auth-secret'), 'utf8'),
    );

    const app = await serveRestored(restored.target);
    expect(await signedInAs(sameBrowserOn(app, reader))).toBe('reader@example.org');
    const clicked = await app.inject({ url: `${unsubscribe.pathname}${unsubscribe.search}` });
    expect(clicked.statusCode).toBe(303);
    expect(clicked.headers.location).toBe('/unsubscribed?list=newsletter');
  }, 180_000);

  it('refuses to restore where the server would sign with another secret, unless told to sign everyone out', async () => {
    const refused = await restore(file, { AUTH_SECRET: SECRET_B });
    expect(refused.code).toBe(1);
    expect(refused.text).toMatch(
      /^AUTH_SECRET is not the secret this backup was made with: restored, every session would be signed out, and every unsubscribe link and domain code already emailed would stop working\. .*--sign-everyone-out to accept that; nothing was restored$/,
    );
    expect(await readdir(refused.target.DATA_DIR).catch(() => [])).toEqual([]);

    const accepted = await restore(file, { AUTH_SECRET: SECRET_B }, ['--sign-everyone-out']);
    expect(accepted.code, accepted.text).toBe(0);
    const app = await serveRestored(accepted.target);
    expect(await signedInAs(sameBrowserOn(app, reader))).toBeNull();
    const clicked = await app.inject({ url: `${unsubscribe.pathname}${unsubscribe.search}` });
    expect(clicked.headers.location).toBe('/unsubscribed?list=newsletter&error=invalid');
  }, 180_000);

  it('refuses a backup made before the secret was kept, unless AUTH_SECRET is set or everyone may be signed out', async () => {
    const older = path.join(work, 'older.tar.gz');
    const entries = readTar(gunzipSync(await readFile(file)))
      .filter((entry) => entry.name !== AUTH_SECRET_ENTRY)
      .map((entry): ArchiveEntry => {
        if (entry.name !== MANIFEST_NAME) return entry;
        const { authSecret: _left, ...manifest } = JSON.parse(entry.body.toString()) as Manifest;
        return { name: entry.name, body: Buffer.from(JSON.stringify(manifest)) };
      });
    const now = new Date();
    await writeFile(
      older,
      gzipSync(Buffer.concat([...entries.flatMap((entry) => tarEntry(entry, now)), tarEnd()])),
    );
    const refused = await restore(older);
    expect(refused.code).toBe(1);
    expect(refused.text).toMatch(
      /^This backup was made by an older version and holds no auth secret: restored, every session would be signed out/,
    );
    expect(await readdir(refused.target.DATA_DIR).catch(() => [])).toEqual([]);
  });
});

describe('a backup made with AUTH_SECRET set', () => {
  let source: TestContext;
  let owner: Agent;
  let file: string;
  beforeAll(async () => {
    source = await createTestApp({ RATE_LIMITS: 'off', AUTH_SECRET: SECRET_A });
    owner = (await signUp(source, 'owner@example.org')).browser;
    file = path.join(work, 'environment-secret.tar.gz');
    await backUp(source, file, { AUTH_SECRET: SECRET_A });
  }, 120_000);
  afterAll(() => source.close());

  it('keeps the secret, and restores onto the same AUTH_SECRET with the session intact', async () => {
    const manifest = JSON.parse(
      readTar(gunzipSync(await readFile(file)))
        .find((entry) => entry.name === MANIFEST_NAME)!
        .body.toString(),
    ) as Manifest;
    expect(manifest.authSecret?.source).toBe('environment');

    const restored = await restore(file, { AUTH_SECRET: SECRET_A });
    expect(restored.code, restored.text).toBe(0);
    const app = await serveRestored(restored.target);
    expect(await signedInAs(sameBrowserOn(app, owner))).toBe('owner@example.org');
  }, 180_000);

  it('refuses a different AUTH_SECRET, changing nothing', async () => {
    const refused = await restore(file, { AUTH_SECRET: SECRET_B });
    expect(refused.code).toBe(1);
    expect(refused.text).toMatch(/^AUTH_SECRET is not the secret this backup was made with/);
    expect(await readdir(refused.target.DATA_DIR).catch(() => [])).toEqual([]);
  });
});
