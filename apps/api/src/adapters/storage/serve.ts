import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { IMMUTABLE_CACHE, isImageKey, UPLOADS_PREFIX, type Storage } from './storage.ts';

/**
 * GET /uploads/<key>: files on disk are served as they are; from a bucket, a redirect to its
 * public address (S3_PUBLIC_URL) or the object streamed through. Only the product's own image
 * keys are served (never a write in progress, which sits under `.partial/`); anything else goes
 * to the instance's not-found handler.
 */
export async function serveUploads(app: FastifyInstance, storage: Storage): Promise<void> {
  if (storage.kind === 'disk') {
    await app.register(fastifyStatic, {
      root: storage.root,
      prefix: UPLOADS_PREFIX,
      decorateReply: false,
      index: false,
      maxAge: '30d',
      immutable: true,
      dotfiles: 'ignore',
      allowedPath: (pathName) => isImageKey(pathName.replace(/^\//, '')),
    });
    return;
  }
  app.get(`${UPLOADS_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    // Only the product's own images: a bucket shared with other data exposes nothing else.
    if (!isImageKey(key)) return reply.callNotFound();
    const target = storage.publicUrl(key);
    if (target) return reply.header('cache-control', 'public, max-age=86400').redirect(target, 302);
    const object = await storage.read(key);
    if (!object) return reply.callNotFound();
    if (object.contentLength !== undefined) reply.header('content-length', object.contentLength);
    return reply
      .type(
        object.contentType.startsWith('image/') ? object.contentType : 'application/octet-stream',
      )
      .header('cache-control', IMMUTABLE_CACHE)
      .send(object.body);
  });
}
