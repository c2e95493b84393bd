import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationRoles } from '../src/db/schema.ts';
import { createOrganization } from './support/factories.ts';
import { day } from './support/roles.ts';
import { createTestApp, type TestContext } from './support/test-app.ts';

/** A built app in miniature: the page template and one hashed script with its .br and .gz. */
const script = `export const words = ${JSON.stringify('mission-driven '.repeat(400))};\n`;
const page = `<!doctype html><html lang="en"><head><!--app-head--><title>x</title><!--/app-head--><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

describe('compression on the wire', () => {
  let ctx: TestContext;
  const get = (url: string, acceptEncoding?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'scaling-impact-dist-'));
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), page);
    const asset = path.join(dist, 'assets', 'app-abc123.js');
    await writeFile(asset, script);
    await writeFile(`${asset}.br`, brotliCompressSync(script));
    await writeFile(`${asset}.gz`, gzipSync(script));
    ctx = await createTestApp({ WEB_DIST_DIR: dist });
    // Enough organizations and open roles that both lists' pages weigh over a kilobyte.
    for (let n = 0; n < 6; n += 1) {
      const organizationId = await createOrganization(ctx.database.db);
      await ctx.database.db.insert(organizationRoles).values(
        Array.from({ length: 2 }, (_, i) => ({
          organizationId,
          title: `Field coordinator ${n}.${i}`,
          kind: 'full_time' as const,
          workplace: 'on_site' as const,
          country: 'KE',
          description: 'Work that matters.',
          apply: 'https://example.org/jobs/1',
          closesOn: day(20),
        })),
      );
    }
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('sends build assets precompressed in the encoding the browser accepts', async () => {
    for (const [accepted, expected] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['', undefined],
    ] as const) {
      const answer = await get('/assets/app-abc123.js', accepted || undefined);
      expect(answer.statusCode, accepted).toBe(200);
      expect(answer.headers['content-encoding'], accepted).toBe(expected);
      expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(decode(expected, answer.rawPayload).toString()).toBe(script);
      if (expected) expect(answer.rawPayload.length).toBeLessThan(script.length / 5);
    }
  });

  it('compresses pages, JSON answers, both lists and the OpenAPI document, and only when asked', async () => {
    // The two lists compress with settings of their own (quicker, a little larger).
    for (const url of [
      '/',
      '/api/categories',
      '/api/docs/json',
      '/api/organizations',
      '/api/roles',
    ]) {
      const plain = await get(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      for (const encoding of ['br', 'gzip']) {
        const answer = await get(url, encoding);
        expect(answer.headers['content-encoding'], `${url} ${encoding}`).toBe(encoding);
        expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
        expect(decode(encoding, answer.rawPayload).toString()).toBe(plain.body);
        expect(answer.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      }
    }
  });

  it('compresses a JSON answer of tens of kilobytes in one call, so its length is known', async () => {
    // The categories' list is about 9 KB: over the 8 KB below which the compression plugin
    // would compress in one call by itself on a two-core machine, under our 64 KB.
    const plain = await get('/api/categories');
    expect(plain.rawPayload.length).toBeGreaterThan(8192);
    for (const encoding of ['br', 'gzip']) {
      const answer = await get('/api/categories', encoding);
      expect(answer.headers['content-encoding'], encoding).toBe(encoding);
      expect(answer.headers['transfer-encoding'], encoding).toBeUndefined();
      expect(Number(answer.headers['content-length']), encoding).toBe(answer.rawPayload.length);
    }
    // The OpenAPI document (hundreds of kilobytes) is streamed as it is compressed.
    const large = await get('/api/docs/json', 'br');
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers['content-length']).toBeUndefined();
  });

  it('leaves small answers alone', async () => {
    const answer = await get('/healthz', 'br, gzip');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
  });
});
