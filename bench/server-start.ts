/**
 * One start of the real server on a dataset for a run of figures: WEB_CONCURRENCY processes on a
 * free port, waited for until every process has loaded the directory, and stopped afterwards
 * with its workers, whatever happened.
 */
import path from 'node:path';
import type { Dataset } from './dataset.ts';
import { log, orgs, processCount, seconds } from './formatting.ts';
import { freePort, spawnServer, stopServer, waitForReady } from './server-process.ts';
import { waitUntilSettled } from './server-tree.ts';

const root = path.resolve(import.meta.dirname, '..');
/** A million organizations are loaded into memory before the server says it is ready. */
const READY_TIMEOUT_MS = 10 * 60_000;

export interface RunningServer {
  base: string;
  /** The primary process: the memory sampler walks its workers from it. */
  pid: number;
  /** False once it has exited (something on a shared machine may stop it). */
  running(): boolean;
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts the server on `dataset` with `processes` processes and `env` over the dataset's own (an
 * undefined value removes a variable), runs `work` against it, and stops it. `label` starts the
 * progress lines.
 */
export async function onServer<T>(
  dataset: Dataset,
  processes: number,
  label: string,
  env: NodeJS.ProcessEnv,
  work: (server: RunningServer) => Promise<T>,
): Promise<T> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  log(`  ${label}, ${processCount(processes)}: starting the server`);
  const started = Date.now();
  const server = spawnServer(root, {
    ...dataset.env,
    ...env,
    PORT: String(port),
    WEB_CONCURRENCY: String(processes),
  });
  let workers: number[] = [];
  try {
    await waitForReady(base, server, READY_TIMEOUT_MS);
    const pids = await waitUntilSettled(server.pid!, log);
    workers = pids.slice(1);
    log(`    ready in ${seconds(started).toFixed(0)} s (${processCount(pids.length)})`);
    if (processes > 1 && workers.length === 0) {
      log(`    WEB_CONCURRENCY=${processes} asked for, but the server runs in one process`);
    }
    const { meta } = (await (await fetch(`${base}/api/organizations`)).json()) as {
      meta: { total: number };
    };
    if (meta.total !== dataset.size) {
      log(`    the directory lists ${orgs(meta.total)} organizations, not ${orgs(dataset.size)}`);
    }
    const running = () => server.exitCode === null && server.signalCode === null;
    return await work({ base, pid: server.pid!, running });
  } finally {
    await stopServer(server);
    // Workers leave with their primary; one that has not after five seconds is ended.
    for (let wait = 0; wait < 50 && workers.some(alive); wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const pid of workers.filter(alive)) process.kill(pid, 'SIGKILL');
  }
}
