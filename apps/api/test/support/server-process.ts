import { spawn, type ChildProcessByStdio } from 'node:child_process';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { freePort } from './free-port.ts';

const apiSource = path.resolve(import.meta.dirname, '../../src');

export type ServerProcess = ChildProcessByStdio<null, Readable, Readable> & {
  output: () => string;
};

/** A process's settings; undefined leaves one unset (a default of these helpers, say). */
type Settings = Record<string, string | undefined>;

/** One of the project's entry points as its npm script starts it, with only the given settings. */
function startEntry(entry: string, args: string[], env: Settings): ServerProcess {
  // No drain after SIGTERM (ADR 036) unless a test asks for one: no balancer waits on these.
  const settings = {
    PATH: process.env.PATH,
    LOG_LEVEL: 'info',
    DEMO_DATA: 'false',
    SHUTDOWN_DRAIN_MS: '0',
    ...env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiSource, entry), ...args], {
    env: Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return Object.assign(child, { output: () => output });
}

/** The real server, as `npm run serve` starts it. */
export function startServer(env: Settings): ServerProcess {
  return startEntry('server.ts', [], env);
}

/** An operator command, as `npm run cli -- ...` runs it: its exit code, stdout and stderr. */
export async function runCli(
  args: string[],
  env: Settings,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = startEntry('cli/index.ts', args, env);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}

/**
 * Waits for `check` to return something (150 s at most: a budget against a hang, not a speed; a
 * server's start on a shared 2-core machine under load has taken over 60 s).
 */
export async function waitFor<T>(
  check: () => Promise<T | undefined> | T | undefined,
  what: string,
): Promise<T> {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the server at `port` answers /readyz, or fails with its output if it exited. */
export async function waitUntilReady(server: ServerProcess, port: number): Promise<void> {
  await waitFor(async () => {
    if (server.exitCode !== null) {
      throw new Error(`the server exited (${server.exitCode}):\n${server.output()}`);
    }
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    return ready ? true : undefined;
  }, `the server on port ${port}`);
}

/**
 * The real server on a port the system has just handed out, once it is ready. Between that probe
 * and the server's own listen another process may take the port (a full run starts many): a
 * server that exits on EADDRINUSE is started again on a new one.
 */
export async function startReadyServer(
  env: (port: number) => Settings,
): Promise<{ server: ServerProcess; port: number }> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const server = startServer(env(port));
    try {
      await waitUntilReady(server, port);
      return { server, port };
    } catch (error) {
      if (server.exitCode === null) server.kill('SIGKILL');
      if (attempt === 3 || !server.output().includes('EADDRINUSE')) throw error;
    }
  }
}
