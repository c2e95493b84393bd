import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { startReadyServer, startServer } from './support/server-process.ts';

describe('the server process', () => {
  it('starts on an empty embedded database, serves, and exits cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'scaling-impact-lifecycle-'));
    const { server: child, port } = await startReadyServer((port) => ({
      DATA_DIR: dataDir,
      PORT: String(port),
    }));
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/organizations`);
      expect(response.status).toBe(200);
      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
      expect(child.output()).toContain('shutting down: finishing in-flight requests');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('says in one line that its port is taken, and lets the database folder go', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'scaling-impact-lifecycle-'));
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as AddressInfo;
    try {
      const child = startServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
      const [code] = await once(child, 'exit');
      expect(code).toBe(1);
      expect(child.output()).toContain(
        `PORT ${port} on 127.0.0.1 is in use by another process (EADDRINUSE)`,
      );
      expect(child.output()).not.toMatch(/^\s+at /m);
      expect(await readdir(dataDir)).not.toContain('lock.sock');
    } finally {
      holder.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
