import { randomBytes } from 'node:crypto';
import sharp, { type SharpOptions } from 'sharp';
import {
  IMAGE_MAX_PIXELS,
  imageMessages,
  organizationImageKinds,
  type OrganizationImageKind,
} from '@si/contracts';
import { AppError } from '../../http/errors.ts';
import { UPLOADS_PREFIX, type Storage } from '../storage/storage.ts';
import { imageErrorCodes, unsupportedImage } from './upload.ts';

export interface ImageVariant {
  width: number;
  height: number;
  body: Buffer;
}

const tooManyPixels = () =>
  new AppError(400, imageErrorCodes.tooManyPixels, imageMessages.tooManyPixels);
const unreadable = () => new AppError(400, imageErrorCodes.unreadable, imageMessages.unreadable);

/**
 * How sharp reads an upload: at most IMAGE_MAX_PIXELS (checked from the header, before any
 * pixel is decoded), refusing damaged or truncated data ('error' includes 'truncated' but lets
 * through the harmless warnings some cameras' files give), turned upright by its EXIF first.
 */
const readOptions: SharpOptions = {
  failOn: 'error',
  limitInputPixels: IMAGE_MAX_PIXELS,
  autoOrient: true,
  sequentialRead: true,
};
const formats = new Set(['jpeg', 'png', 'webp']);

const refusal = (error: unknown) =>
  error instanceof AppError
    ? error
    : /pixel limit/i.test(String((error as Error)?.message))
      ? tooManyPixels()
      : unreadable();

/**
 * Re-encodes an upload as WebP in every width of its kind, cropped to the kind's shape (logo
 * square, banner 1280x360, category image 16:9; smaller images are enlarged). Nothing of the
 * original survives: no metadata, no trailing bytes, no ICC profile (colours become sRGB).
 */
export async function encodeVariants(
  input: Buffer,
  kind: OrganizationImageKind,
): Promise<ImageVariant[]> {
  try {
    const { format, width, height } = await sharp(input, readOptions).metadata();
    if (!formats.has(format)) throw unsupportedImage();
    if (!width || !height) throw unreadable();
    if (width * height > IMAGE_MAX_PIXELS) throw tooManyPixels();
    const { aspect, widths } = organizationImageKinds[kind];
    const variants: ImageVariant[] = [];
    // One at a time: a 25-megapixel image decoded several times at once would take a lot of memory.
    for (const targetWidth of widths) {
      const targetHeight = Math.round(targetWidth / aspect);
      const body = await sharp(input, readOptions)
        .resize(targetWidth, targetHeight, { fit: 'cover' })
        .webp({ quality: 82 })
        .toBuffer();
      variants.push({ width: targetWidth, height: targetHeight, body });
    }
    return variants;
  } catch (error) {
    throw refusal(error);
  }
}

/**
 * Writes the variants as `<prefix>-<width>w.webp` (contracts' imageSrcSet reads that) and
 * returns the URL of the largest. If any write fails, none of them is left behind.
 */
export async function storeVariants(
  storage: Storage,
  keyPrefix: string,
  variants: readonly ImageVariant[],
): Promise<string> {
  const keys = variants.map((variant) => `${keyPrefix}-${variant.width}w.webp`);
  const written = await Promise.allSettled(
    variants.map((variant, index) => storage.put(keys[index]!, variant.body, 'image/webp')),
  );
  const failed = written.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.allSettled(keys.map((key) => storage.remove(key)));
    throw failed.reason;
  }
  const largest = Math.max(...variants.map((variant) => variant.width));
  return `${UPLOADS_PREFIX}${keyPrefix}-${largest}w.webp`;
}

/** A new, unguessable name for each upload: stored files never change, so caches keep them. */
export const imageKeyPrefix = (organizationId: string, kind: OrganizationImageKind) =>
  `organizations/${organizationId}/${kind}-${randomBytes(8).toString('hex')}`;
