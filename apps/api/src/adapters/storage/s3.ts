import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  IMMUTABLE_CACHE,
  isSafeKey,
  withImageRemoval,
  type ListedObject,
  type S3Storage,
} from './storage.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Public address of the bucket's objects (a CDN); GET /uploads/<key> redirects there. */
  publicUrl?: string;
}

function checkedKey(key: string): string {
  if (!isSafeKey(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  return key;
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata.httpStatusCode === 404);

/** Images in an S3-compatible bucket (AWS S3, MinIO, R2, ...): for several processes. */
export function createS3Storage(settings: S3Settings): S3Storage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: not every S3-compatible service knows the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const publicBase = settings.publicUrl?.replace(/\/+$/, '');

  return withImageRemoval<Omit<S3Storage, 'removeImages'>>({
    kind: 's3' as const,
    publicUrl: (key: string) => (publicBase ? `${publicBase}/${checkedKey(key)}` : null),
    async put(key: string, body: Buffer, contentType: string) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkedKey(key),
          Body: body,
          ContentType: contentType,
          CacheControl: IMMUTABLE_CACHE,
        }),
      );
    },
    async remove(key: string) {
      // S3 answers a delete of a missing object with success.
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    async read(key: string) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
        if (!object.Body) return null;
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? 'application/octet-stream',
          contentLength: object.ContentLength,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async *list(prefix: string): AsyncGenerator<ListedObject> {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) {
            yield { key: object.Key, modifiedAt: object.LastModified };
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    // A PUT stores the whole object or nothing: no write is ever left half done.
    async removeUnfinished() {
      return 0;
    },
    async close() {
      client.destroy();
    },
  });
}
