import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './support/free-port.ts';
import { startReadyServer, waitFor, type ServerProcess } from './support/server-process.ts';

const root = path.resolve(import.meta.dirname, '../../..');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The README's start command, `npm start`, in the repository, with only these settings. */
function npmStart(env: Record<string, string>) {
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LOG_LEVEL: 'info',
      DEMO_DATA: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return Object.assign(child, { output: () => output });
}

describe('npm start', () => {
  let dataDir = '';
  const started: { kill(signal: NodeJS.Signals): boolean; exitCode: number | null }[] = [];
  beforeAll(() => {
    // `npm start` builds first when the build is missing or stale; done here, once, so that the
    // test waits for a server, not for a build.
    // In the environment `npm start` has, not the test runner's: with Vitest's NODE_ENV=test
    // Vite would build React's development bundles, over the first load's budget.
    const build = spawnSync('node', ['scripts/build-if-stale.mjs'], {
      cwd: root,
      stdio: 'pipe',
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
    });
    expect(build.status, String(build.stderr)).toBe(0);
  }, 600_000);
  afterAll(async () => {
    for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('stops the server it started when it is sent SIGTERM, and lets go of DATA_DIR', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'scaling-impact-npm-start-'));
    const port = await freePort();
    const npm = npmStart({
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // A short drain (ADR 036): npm is to wait for it, not cut it.
      SHUTDOWN_DRAIN_MS: '500',
    });
    started.push(npm);
    const serverPid = await waitFor(async () => {
      if (npm.exitCode !== null) throw new Error(`npm start exited:\n${npm.output()}`);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      const serving = npm.output().match(/"pid":(\d+)[^\n]*is serving/);
      return ready && serving ? Number(serving[1]) : undefined;
    }, 'npm start to serve');
    expect(serverPid).not.toBe(npm.pid);

    npm.kill('SIGTERM');
    const [code] = (await once(npm, 'exit')) as [number | null];
    expect(code, npm.output()).toBe(0);
    expect(npm.output()).toContain('shutting down: finishing in-flight requests');
    await waitFor(() => (alive(serverPid) ? undefined : true), 'the server to stop');
    expect(await readdir(dataDir)).not.toContain('lock.sock');

    // The folder is free: a new server opens it.
    let second: ServerProcess | undefined;
    try {
      ({ server: second } = await startReadyServer((again) => ({
        DATA_DIR: dataDir,
        PORT: String(again),
      })));
      expect(second.output()).toContain('is serving');
    } finally {
      second?.kill('SIGKILL');
    }
  }, 240_000);
});
