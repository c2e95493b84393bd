import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { freePort } from './support/free-port.ts';

const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');

describe('the server process', () => {
  it('starts on an empty embedded database, serves, and exits cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'scaling-impact-lifecycle-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        PORT: String(port),
        DEMO_DATA: 'false',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    try {
      let ready = false;
      // Waits up to 50 s of the test's 60: a budget against a hang on a busy machine.
      const deadline = Date.now() + 50_000;
      while (!ready && child.exitCode === null && Date.now() < deadline) {
        ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(ready, output).toBe(true);
      const response = await fetch(`http://127.0.0.1:${port}/api/organizations`);
      expect(response.status).toBe(200);
      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
      expect(output).toContain('shutting down: finishing in-flight requests');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
