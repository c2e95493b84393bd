import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { IMAGE_MAX_BYTES, errorCodes, imageMessages, refusalMessages } from '@si/contracts';
import { AppError } from '../../http/errors.ts';

/** The multipart field that carries the image (docs/product.md#the-api). */
export const IMAGE_FIELD = 'image';

/** Codes of the image refusals, beside the product's messages in contracts' imageMessages. */
export const imageErrorCodes = {
  noFile: 'NO_FILE',
  unsupported: 'UNSUPPORTED_IMAGE',
  tooLarge: 'IMAGE_TOO_LARGE',
  tooManyPixels: 'IMAGE_TOO_MANY_PIXELS',
  unreadable: 'UNREADABLE_IMAGE',
} as const;

export const noFile = () => new AppError(400, imageErrorCodes.noFile, imageMessages.noFile);
export const unsupportedImage = () =>
  new AppError(400, imageErrorCodes.unsupported, imageMessages.wrongType);
const tooLarge = () => new AppError(413, imageErrorCodes.tooLarge, imageMessages.tooLarge);

/**
 * What the multipart parser may hold for one request (app.ts registers it with these): one
 * file under 5 MB, so at most that much of an upload is ever in memory, and hardly any fields.
 * "Less than 5MB": a file of exactly IMAGE_MAX_BYTES is already too large.
 */
export const multipartLimits = {
  fileSize: IMAGE_MAX_BYTES - 1,
  files: 1,
  fields: 4,
  fieldSize: 1024,
  fieldNameSize: 100,
  parts: 5,
  headerPairs: 20,
};

/** Enough of the start of a file for file-type to tell JPEG, PNG and WebP apart from the rest. */
const SNIFF_BYTES = 4100;
const acceptedTypes = new Map([
  ['image/jpeg', 'image/jpeg'],
  ['image/png', 'image/png'],
  // An animated PNG is a PNG; its first frame is used.
  ['image/apng', 'image/png'],
  ['image/webp', 'image/webp'],
]);

async function sniff(head: Buffer): Promise<string> {
  const type = acceptedTypes.get((await fileTypeFromBuffer(head))?.mime ?? '');
  if (!type) throw unsupportedImage();
  return type;
}

/**
 * Reads the image of an upload (field `image` of a multipart body) into memory, refusing as
 * soon as the bytes show what is wrong: a type other than JPEG, PNG or WebP after the first
 * few kilobytes (the declared type and the file name are ignored), 5 MB or more when the limit
 * is reached. The rest of a refused body is read and dropped, so the client gets the answer.
 */
export async function readImageUpload(
  request: FastifyRequest,
): Promise<{ bytes: Buffer; type: string }> {
  if (!request.isMultipart()) throw noFile();
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: multipartLimits });
  } catch (error) {
    // The parser has stopped reading the body: drop the rest of it.
    request.raw.resume();
    throw asClientError(error);
  }
  if (!part) throw noFile();
  const { file } = part;
  try {
    if (part.fieldname !== IMAGE_FIELD) throw noFile();
    const chunks: Buffer[] = [];
    let size = 0;
    let type: string | null = null;
    for await (const chunk of file.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (file.truncated) throw tooLarge();
      if (type === null && size >= SNIFF_BYTES) type = await sniff(Buffer.concat(chunks, size));
    }
    if (file.truncated) throw tooLarge();
    // A browser sends an empty part, without a name, when no file was chosen.
    if (size === 0) throw noFile();
    const bytes = Buffer.concat(chunks, size);
    return { bytes, type: type ?? (await sniff(bytes)) };
  } catch (error) {
    // The rest of the file flows on, unread, so the parser reaches the end of the body and the
    // client, still sending, gets the answer (a stalled body would leave it waiting).
    file.resume();
    throw asClientError(error);
  }
}

/** The multipart parser's refusals keep their 4xx; a malformed body is a 400, never a 500. */
function asClientError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  // Too many parts, files or fields.
  if (statusCode === 413) {
    return new AppError(413, errorCodes.payloadTooLarge, refusalMessages.payloadTooLarge);
  }
  if (statusCode && statusCode >= 400 && statusCode < 500) return error;
  return new AppError(400, errorCodes.badRequest, refusalMessages.malformedRequest);
}
