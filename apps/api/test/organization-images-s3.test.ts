import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../src/adapters/storage/s3.ts';
import { serveUploads } from '../src/adapters/storage/serve.ts';
import { organizationImageSuite } from './support/organization-images-suite.ts';
import { startS3Server, TEST_BUCKET, type S3Server } from './support/s3-server.ts';

/** The scaled-out setting: images in an S3-compatible bucket (a local s3rver). */
organizationImageSuite({
  name: 'S3-compatible bucket',
  async start() {
    const s3 = await startS3Server();
    return { env: s3.env, files: () => s3, stop: () => s3.close() };
  },
});

describe('GET /uploads/<key> with a bucket', () => {
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.close());

  const settings = () => ({
    bucket: TEST_BUCKET,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });

  it('redirects to S3_PUBLIC_URL when it is set, without asking the bucket', async () => {
    const storage = createS3Storage({
      ...settings(),
      publicUrl: 'https://cdn.example.org/images/',
    });
    const app = Fastify();
    await serveUploads(app, storage);
    const answer = await app.inject({
      method: 'GET',
      url: '/uploads/organizations/x/logo-1-512w.webp',
    });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(
      'https://cdn.example.org/images/organizations/x/logo-1-512w.webp',
    );
    expect((await app.inject({ method: 'GET', url: '/uploads/../secret' })).statusCode).toBe(404);
    await app.close();
    await storage.close();
  });

  it('streams the object with its type and a long cache header, and 404s a missing key', async () => {
    const storage = createS3Storage(settings());
    await storage.put('demo/a.webp', Buffer.from('webp bytes'), 'image/webp');
    const app = Fastify();
    await serveUploads(app, storage);
    const answer = await app.inject({ method: 'GET', url: '/uploads/demo/a.webp' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/webp');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.body).toBe('webp bytes');
    expect((await app.inject({ method: 'GET', url: '/uploads/demo/b.webp' })).statusCode).toBe(404);
    await storage.removeImages(['/uploads/demo/a.webp', '/elsewhere/b.webp', '/uploads/../x']);
    expect(await s3.keys()).toEqual([]);
    await app.close();
    await storage.close();
  });
});
