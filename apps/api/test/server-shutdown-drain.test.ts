import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startReadyServer, waitFor, type ServerProcess } from './support/server-process.ts';

/** One request's fate: when it was handed to the system whole, and its answer or error. */
interface Outcome {
  client: string;
  path: string;
  /** When the request was written out whole (Infinity: never, such as a refused connection). */
  sentAt: number;
  /** When the answer's head arrived (Infinity: never). */
  answeredAt: number;
  status?: number;
  connection?: string;
  error?: string;
}

function send(port: number, route: string, agent: http.Agent | false, client: string) {
  return new Promise<Outcome>((resolve) => {
    let sentAt = Infinity;
    const request = http.request({ host: '127.0.0.1', port, path: route, agent }, (response) => {
      const answeredAt = Date.now();
      response.resume();
      response.on('end', () =>
        resolve({
          client,
          path: route,
          sentAt,
          answeredAt,
          status: response.statusCode,
          connection: response.headers.connection,
        }),
      );
      response.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ client, path: route, sentAt, answeredAt, error: error.code ?? error.message }),
      );
    });
    request.on('finish', () => (sentAt = Date.now()));
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({
        client,
        path: route,
        sentAt,
        answeredAt: Infinity,
        error: error.code ?? error.message,
      }),
    );
    request.end();
  });
}

/** The time of the server's first log line whose message contains `text`. */
function loggedAt(server: ServerProcess, text: string): number | undefined {
  for (const line of server.output().split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; time?: number };
    if (entry.msg?.includes(text)) return entry.time;
  }
  return undefined;
}

describe('a server stopped by SIGTERM behind a load balancer', () => {
  let server: ServerProcess | undefined;
  let dataDir = '';
  afterEach(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function start(drainMs: number) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'scaling-impact-drain-'));
    const started = await startReadyServer((port) => ({
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SHUTDOWN_DRAIN_MS: String(drainMs),
      RATE_LIMITS: 'off',
    }));
    server = started.server;
    return started;
  }

  it('answers /readyz 503 at once, serves every request sent before the drain ends, then exits 0', async () => {
    const { server, port } = await start(2_500);
    const outcomes: Outcome[] = [];
    let stop = false;
    /** Sends one request after another until the server refuses connections (or a bound). */
    async function loop(client: string, routes: string[], agent: http.Agent | false) {
      for (let index = 0; index < 20_000 && !stop; index += 1) {
        const outcome = await send(port, routes[index % routes.length]!, agent, client);
        outcomes.push(outcome);
        if (outcome.error === 'ECONNREFUSED') return;
        if (client === 'readiness') await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    const agents = [1, 2, 3].map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    const clients = [
      ...agents.map((agent, index) =>
        loop(`keep-alive ${index}`, ['/api/organizations', '/healthz', '/api/categories'], agent),
      ),
      ...[1, 2, 3].map((index) =>
        loop(`fresh ${index}`, ['/api/categories', '/api/organizations'], false),
      ),
      loop('readiness', ['/readyz'], false),
    ];
    await waitFor(
      () => (outcomes.filter((outcome) => outcome.status === 200).length >= 60 ? true : undefined),
      'the clients to be under way',
    );
    const signalledAt = Date.now();
    server.kill('SIGTERM');
    const [code] = (await once(server, 'exit')) as [number | null];
    stop = true;
    await Promise.all(clients);
    for (const agent of agents) agent.destroy();
    expect(code, server.output()).toBe(0);

    const drainStarted = loggedAt(server, '/readyz answers 503');
    const drainEnded = loggedAt(server, 'finishing in-flight requests');
    expect(drainStarted, server.output()).toBeDefined();
    expect(drainEnded, server.output()).toBeDefined();

    const requests = outcomes.filter((outcome) => outcome.client !== 'readiness');
    const beforeTheEnd = requests.filter((outcome) => outcome.sentAt < drainEnded!);
    const failed = beforeTheEnd.filter((outcome) => outcome.status !== 200);
    expect(
      failed,
      JSON.stringify({ signalledAt, drainStarted, drainEnded, failed: failed.slice(0, 5) }),
    ).toEqual([]);
    // The drain served every kind of client, and told each keep-alive one to reconnect.
    const duringTheDrain = beforeTheEnd.filter((outcome) => outcome.sentAt > drainStarted!);
    for (const client of ['keep-alive 0', 'keep-alive 1', 'keep-alive 2', 'fresh 1', 'fresh 2']) {
      expect(
        duringTheDrain.filter((outcome) => outcome.client === client).length,
        client,
      ).toBeGreaterThan(0);
    }
    expect(duringTheDrain.every((outcome) => outcome.connection === 'close')).toBe(true);

    const readiness = outcomes.filter((outcome) => outcome.client === 'readiness');
    // Answered before the signal was sent: the server cannot have known of it yet. (One sent
    // just before may be read after the signal, on a loaded host, and rightly answered 503.)
    const readyBefore = readiness.filter((outcome) => outcome.answeredAt < signalledAt);
    expect(readyBefore.length).toBeGreaterThan(0);
    expect(readyBefore.every((outcome) => outcome.status === 200)).toBe(true);
    const readyDuring = readiness.filter(
      (outcome) => outcome.sentAt > drainStarted! && outcome.sentAt < drainEnded!,
    );
    expect(readyDuring.length).toBeGreaterThan(0);
    expect(readyDuring.map((outcome) => outcome.status)).toEqual(readyDuring.map(() => 503));
  }, 240_000);

  it('ends the drain at a second signal', async () => {
    const { server, port } = await start(300_000);
    server.kill('SIGTERM');
    await waitFor(async () => {
      const ready = await send(port, '/readyz', false, 'readiness');
      return ready.status === 503 ? true : undefined;
    }, '/readyz to answer 503');
    expect((await send(port, '/api/categories', false, 'visitor')).status).toBe(200);
    server.kill('SIGTERM');
    const [code] = (await once(server, 'exit')) as [number | null];
    expect(code, server.output()).toBe(0);
    expect(server.output()).toContain('a second signal ends the drain');
  }, 240_000);
});
