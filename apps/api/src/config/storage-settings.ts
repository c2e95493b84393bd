import { z } from 'zod';
import { booleanFlag } from './setting-kinds.ts';

/** Where uploaded images are stored. */
export const storageSettings = {
  /**
   * Object storage for uploaded images (any S3-compatible service). Without S3_BUCKET, images
   * are files under DATA_DIR/uploads. Stored URLs are /uploads/<key> either way.
   */
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** The service's address for other S3-compatible services (MinIO, R2, ...); unset: AWS. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** Unset: the AWS SDK's own credential chain (environment, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (endpoint/bucket/key) rather than the host name; most non-AWS services. */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** Where the bucket's objects are public (a CDN): /uploads/<key> redirects there. */
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
};
