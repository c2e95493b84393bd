import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from '../src/db/data-dir-lock.ts';
import { freePort } from './support/free-port.ts';
import {
  runCli,
  startReadyServer,
  startServer,
  type ServerProcess,
} from './support/server-process.ts';

/**
 * PGlite takes no lock of its own: a second process on a folder the server holds read a view of
 * its own, and the folder did not survive the next start. One process holds a folder; the CLI's
 * commands run inside the server that holds it.
 */
describe('one process per embedded database folder', () => {
  let dataDir: string;
  const running: ServerProcess[] = [];

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'scaling-impact-one-process-'));
  });
  afterEach(async () => {
    for (const server of running.splice(0)) if (server.exitCode === null) server.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  async function serve(extra: Record<string, string> = {}) {
    const { server, port } = await startReadyServer((port) => ({
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      RATE_LIMITS: 'off',
      ...extra,
    }));
    running.push(server);
    const origin = `http://127.0.0.1:${port}`;
    // As the product's own pages send them: same origin.
    const api = (route: string, init?: RequestInit) =>
      fetch(`${origin}${route}`, { ...init, headers: { origin, ...init?.headers } });
    return { server, port, api };
  }

  async function stop(server: ServerProcess) {
    server.kill('SIGTERM');
    const [code] = (await once(server, 'exit')) as [number | null];
    expect(code, server.output()).toBe(0);
  }

  const cli = (...args: string[]) => runCli(args, { DATA_DIR: dataDir });
  const account = { email: 'owner@example.org', password: 'secret1-long' };

  it('runs the CLI inside the running server, refuses a second server, and keeps everything over two restarts', async () => {
    const { server, api } = await serve({ DEMO_DATA: 'true' });
    const signUp = await api('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...account, name: '' }),
    });
    expect(signUp.status).toBe(200);
    const list = (await (await api('/api/organizations?limit=100')).json()) as {
      data: { id: string }[];
      meta: { total: number };
    };
    const published = list.meta.total;
    expect(published).toBeGreaterThan(10);
    const takenDown = list.data[0]!.id;

    // The command runs in the server, so the server's answers change at once.
    const unpublish = await cli('organization', 'unpublish', takenDown);
    expect(unpublish.code, unpublish.stderr).toBe(0);
    expect(unpublish.stdout).toContain(`${takenDown} is not published`);
    expect(unpublish.stderr).toContain(`The server (pid ${server.pid}) holds DATA_DIR`);
    expect((await api(`/api/organizations/${takenDown}`)).status).toBe(404);
    const created = await cli(
      ...['guest-code', 'create', '--code', 'KEEPME', '--uses', '3'],
      ...['--expires', '2099-01-01', '--months', '2'],
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('created KEEPME');
    // An operator is granted through the running server too, and counts from the next request.
    const cookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    expect((await api('/api/admin/me', { headers: { cookie } })).status).toBe(403);
    const granted = await cli('operator', 'grant', account.email);
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout).toContain(`${account.email} is now an operator`);
    expect((await api('/api/admin/me', { headers: { cookie } })).status).toBe(200);
    const unknown = await cli('no-such-command');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Usage: npm run cli -- <command>');

    // A second server on the same folder says who holds it and opens nothing.
    const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    running.push(second);
    const [secondCode] = (await once(second, 'exit')) as [number | null];
    expect(secondCode).toBe(1);
    expect(second.output()).toContain(`is in use by the server (pid ${server.pid}`);
    await stop(server);

    for (let restart = 1; restart <= 2; restart += 1) {
      const again = await serve();
      const total = (await (await again.api('/api/organizations?limit=1')).json()) as {
        meta: { total: number };
      };
      expect(total.meta.total, `restart ${restart}`).toBe(published - 1);
      expect((await again.api(`/api/organizations/${takenDown}`)).status).toBe(404);
      const signIn = await again.api('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(account),
      });
      expect(signIn.status, `restart ${restart}`).toBe(200);
      const codes = await cli('guest-code', 'list');
      expect(codes.code, codes.stderr).toBe(0);
      expect(codes.stdout).toContain('KEEPME\tactive\t0/3 used');
      await stop(again.server);
    }
    // Stopped cleanly, the server leaves no lock behind: the CLI opens the folder itself.
    expect(await readdir(dataDir)).not.toContain('lock.sock');
    const alone = await cli('guest-code', 'list');
    expect(alone.code, alone.stderr).toBe(0);
    expect(alone.stderr).toBe('');
    expect(alone.stdout).toContain('KEEPME');
  }, 180_000);

  it('starts after a server killed with SIGKILL left its lock behind', async () => {
    const first = await serve();
    first.server.kill('SIGKILL');
    await once(first.server, 'exit');
    expect(await readdir(dataDir)).toContain('lock.sock');
    const next = await serve();
    expect((await next.api('/api/organizations?limit=1')).status).toBe(200);
    await stop(next.server);
  }, 120_000);

  it('refuses the CLI and the server, with a clear message, while a command holds the folder', async () => {
    const lock = await lockDataDir(dataDir, 'seed-bulk');
    try {
      const refused = await cli('guest-code', 'list');
      expect(refused.code).toBe(75);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toContain(
        `DATA_DIR ${dataDir} is in use by the command 'seed-bulk' (pid ${process.pid}`,
      );
      const server = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      running.push(server);
      const [code] = (await once(server, 'exit')) as [number | null];
      expect(code).toBe(1);
      expect(server.output()).toContain(`is in use by the command 'seed-bulk'`);
      // Neither opened the database: PGlite would have made its folder.
      expect(await readdir(dataDir)).toEqual(['lock.sock']);
    } finally {
      await lock.release();
    }
    const free = await cli('guest-code', 'list');
    expect(free.code, free.stderr).toBe(0);
    expect(free.stdout).toContain('no guest codes');
  }, 120_000);
});
