/**
 * The real server as a child process for the benchmarks: a free port, start, wait until the
 * database answers, and a stop that always ends it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/** A port nothing listens on right now (the system picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Polls /readyz; a large directory may take minutes to load, so callers may wait longer. */
export async function waitForReady(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error('server exited before it was ready');
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become ready in ${timeoutMs / 1000} s`);
}

/** BENCH_CPU_PROF=<folder>: each server process writes a V8 CPU profile there when it stops. */
const profiling = () =>
  process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
    : [];

/**
 * The built server, `node apps/api/dist/server.js` (what `npm run serve` runs in production), in
 * `root` with `env`. Its logs (stdout) go to
 * stderr, and so does an exit nobody asked for, with its code or signal.
 */
export function spawnServer(root: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, [...profiling(), 'apps/api/dist/server.js'], {
    cwd: root,
    // No drain after SIGTERM (ADR 036): no balancer waits on a benchmark's server.
    env: { SHUTDOWN_DRAIN_MS: '0', ...env },
    stdio: ['ignore', 2, 'inherit'],
  });
  child.once('exit', (code, signal) => {
    if (!stopping.has(child)) process.stderr.write(`server exited: ${signal ?? `code ${code}`}\n`);
  });
  return child;
}

const stopping = new WeakSet<ChildProcess>();

/** SIGTERM (graceful shutdown), then SIGKILL if it has not exited within `graceMs`. */
export async function stopServer(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  stopping.add(child);
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
