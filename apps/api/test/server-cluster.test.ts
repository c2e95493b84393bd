import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readFile, readdir, readlink, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import {
  MAX_QUICK_CRASHES,
  STABLE_AFTER_MS,
  afterWorkerDeath,
  severalProcessesRefusal,
} from '../src/cluster.ts';
import { withDatabase } from './support/global-setup.ts';
import { adminUrl } from './support/postgres.ts';
import { freePort } from './support/free-port.ts';
import { startServer, waitFor, type ServerProcess } from './support/server-process.ts';

/**
 * The worker processes of a primary, from the OS: processes whose parent it is and that run the
 * same node binary (tsx's esbuild service is another binary). Parent ids come from
 * /proc/<pid>/stat, which every Linux kernel has (task/<tid>/children needs a kernel option).
 */
async function workerPids(primary: number): Promise<number[]> {
  const nodeBinary = await readlink(`/proc/${primary}/exe`);
  const workers: number[] = [];
  for (const entry of await readdir('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === primary) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    // Fields after the command name, which may hold spaces: state, then the parent's pid.
    const parent = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
    if (parent !== String(primary)) continue;
    if ((await readlink(`/proc/${pid}/exe`).catch(() => null)) === nodeBinary) workers.push(pid);
  }
  return workers.sort((a, b) => a - b);
}

/** The workers that have said they are serving, by pid. */
function servingPids(output: string): number[] {
  return [...output.matchAll(/worker \d+ \(pid (\d+)\) is serving/g)].map((m) => Number(m[1]));
}

/** GET over a connection of its own (no keep-alive), so the cluster may hand it to any worker. */
function getOnNewConnection(port: number, requestId: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/site',
          agent: false,
          headers: { 'x-request-id': requestId },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      )
      .on('error', reject);
  });
}

/** The pid whose log line says it answered the request (pino puts the pid on every line). */
function pidThatServed(output: string, requestId: string): number | undefined {
  for (const line of output.split('\n')) {
    if (!line.includes(`"reqId":"${requestId}"`)) continue;
    const entry = JSON.parse(line) as { msg: string; pid: number };
    if (entry.msg === 'request completed') return entry.pid;
  }
  return undefined;
}

/** Sends `count` requests, each on its own connection; returns the pids that answered them. */
async function servedBy(server: ServerProcess, port: number, count: number): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let n = 0; n < count; n += 1) {
    const requestId = `cluster-${randomBytes(6).toString('hex')}`;
    expect(await getOnNewConnection(port, requestId)).toBe(200);
    pids.add(await waitFor(() => pidThatServed(server.output(), requestId), `log of ${requestId}`));
  }
  return pids;
}

const alive = (pid: number) =>
  readlink(`/proc/${pid}/exe`).then(
    () => true,
    () => false,
  );

describe('several server processes (WEB_CONCURRENCY)', () => {
  it('refuses several processes on the embedded database, in one line, before opening it', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'scaling-impact-cluster-'));
    try {
      const server = startServer({ WEB_CONCURRENCY: '2', DATA_DIR: dataDir, PORT: '0' });
      const [code] = await once(server, 'exit');
      expect(code).not.toBe(0);
      expect(server.output()).toBe(
        'WEB_CONCURRENCY=2 needs PostgreSQL: the embedded database serves one process only. ' +
          'Set DATABASE_URL=postgres://..., or unset WEB_CONCURRENCY.\n',
      );
      // Nothing was opened: the embedded database would have made its directory here.
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  it('asks for PostgreSQL only when more than one process is wanted', () => {
    expect(severalProcessesRefusal({ WEB_CONCURRENCY: 1 })).toBeNull();
    expect(
      severalProcessesRefusal({ WEB_CONCURRENCY: 4, DATABASE_URL: 'postgres://db/x' }),
    ).toBeNull();
    expect(severalProcessesRefusal({ WEB_CONCURRENCY: 4 })).toMatch(
      /^WEB_CONCURRENCY=4 .*DATABASE_URL/,
    );
  });

  it('replaces a dead worker after a doubling delay, and gives up on one that keeps dying at start', () => {
    let crashes = 0;
    const delays: (number | null)[] = [];
    for (let n = 0; n <= MAX_QUICK_CRASHES; n += 1) {
      const next = afterWorkerDeath(crashes, 1_000);
      crashes = next.quickCrashes;
      delays.push(next.restartInMs);
    }
    expect(delays).toEqual([250, 500, 1000, 2000, 4000, null]);
    // A worker that served for a while before dying starts the count again.
    expect(afterWorkerDeath(MAX_QUICK_CRASHES, STABLE_AFTER_MS)).toEqual({
      quickCrashes: 1,
      restartInMs: 250,
    });
  });

  it('gives up, stopping and exiting non-zero, when workers keep dying at start', async () => {
    const primary = spawn(
      process.execPath,
      ['--import', 'tsx', path.resolve(import.meta.dirname, 'support/crashing-workers.ts')],
      { env: { PATH: process.env.PATH }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    primary.stdout.on('data', (chunk) => (output += chunk));
    primary.stderr.on('data', (chunk) => (output += chunk));
    try {
      const [code] = await once(primary, 'exit');
      expect(code, output).toBe(1);
      // Each place was tried MAX_QUICK_CRASHES + 1 times before the primary gave up.
      expect(
        output.match(/worker died unexpectedly; starting another/g)!.length,
      ).toBeGreaterThanOrEqual(MAX_QUICK_CRASHES);
      expect(output).toContain(
        `workers keep dying within ${STABLE_AFTER_MS / 1000} s of starting ` +
          `(${MAX_QUICK_CRASHES + 1} times in a row); giving up`,
      );
      expect(output).toContain('every worker has stopped');
    } finally {
      if (primary.exitCode === null) primary.kill('SIGKILL');
    }
  }, 60_000);
});

// Several processes need PostgreSQL: these run where the API tests are given one
// (TEST_DATABASE_URL, CI's second run), each on a new, empty database of its own, which the
// cluster's primary migrates. On PGlite there is nothing to run: the refusal is tested above.
const serverUrl = inject('databaseServerUrl');
if (serverUrl) {
  describe('several server processes on PostgreSQL', () => {
    async function withEmptyDatabase(use: (databaseUrl: string, dataDir: string) => Promise<void>) {
      const name = `scaling_impact_test_cluster_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'scaling-impact-cluster-'));
      try {
        await use(withDatabase(serverUrl, name), dataDir);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
        const cleanup = new pg.Client({ connectionString: adminUrl(serverUrl) });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      }
    }

    it('serves from two workers on one port, replaces one that dies, and stops cleanly on SIGTERM', async () => {
      await withEmptyDatabase(async (databaseUrl, dataDir) => {
        const port = await freePort();
        const server = startServer({
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          PORT: String(port),
          WEB_CONCURRENCY: '2',
        });
        try {
          const serving = await waitFor(() => {
            const pids = servingPids(server.output());
            return pids.length === 2 || server.exitCode !== null ? pids : undefined;
          }, 'two workers serving');
          expect(serving, server.output()).toHaveLength(2);
          const workers = await workerPids(server.pid!);
          expect(workers).toEqual([...serving].sort((a, b) => a - b));

          // Connections are handed round the workers: both answer.
          expect(await servedBy(server, port, 8)).toEqual(new Set(workers));

          // A worker that dies is replaced, and the new one serves too.
          const [dead, survivor] = workers as [number, number];
          process.kill(dead, 'SIGKILL');
          const replacement = await waitFor(async () => {
            const now = await workerPids(server.pid!);
            const fresh = now.find((pid) => pid !== survivor && pid !== dead);
            return fresh && servingPids(server.output()).includes(fresh) ? fresh : undefined;
          }, 'a replacement worker');
          expect(server.output()).toContain('worker died unexpectedly; starting another');
          expect(await servedBy(server, port, 8)).toEqual(new Set([survivor, replacement]));

          server.kill('SIGTERM');
          const [code] = await once(server, 'exit');
          expect(code, server.output()).toBe(0);
          const stopped = server.output().match(/shutting down: finishing in-flight requests/g);
          expect(stopped).toHaveLength(2);
          expect(await alive(survivor)).toBe(false);
          expect(await alive(replacement)).toBe(false);
        } finally {
          if (server.exitCode === null) server.kill('SIGKILL');
        }
      });
    }, 90_000);
  });
}
