import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Agent } from './browser-agent.ts';

/** A multipart/form-data body built by hand, as a browser's FormData would send it. */
export interface FormPart {
  name: string;
  /** A file part when set (an empty string: a file input with nothing chosen). */
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

export function multipartBody(parts: FormPart[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----si-test-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      `Content-Disposition: form-data; name="${part.name}"` +
      (part.filename === undefined ? '' : `; filename="${part.filename}"`);
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\n${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** One file in the field `image`. */
export const imageForm = (
  data: Buffer | string,
  filename = 'image.png',
  contentType = 'image/png',
) => multipartBody([{ name: 'image', filename, contentType, data }]);

const solid = (width: number, height: number, colour = { r: 40, g: 120, b: 200 }) =>
  sharp({ create: { width, height, channels: 3, background: colour } });

/** Uploads a red 600x600 logo through the owner's API, as the editor does. */
export async function uploadRedLogo(owner: Agent, organizationId: string) {
  const form = imageForm(await solid(600, 600, { r: 220, g: 20, b: 20 }).png().toBuffer());
  return owner.call(
    'POST',
    `/api/organizations/${organizationId}/logo`,
    form.payload,
    form.headers,
  );
}

/** Real image files of each accepted format and the refused ones, made with sharp. */
export const testImages = {
  png: (width = 800, height = 600) => solid(width, height).png().toBuffer(),
  webp: (width = 800, height = 600) => solid(width, height).webp().toBuffer(),
  /**
   * A JPEG whose pixels are stored sideways: left half red, right half blue, with EXIF
   * orientation 6 (turn 90° clockwise to view) and a camera and copyright tag that must not
   * survive. Viewed upright it is red on top, blue below.
   */
  async jpegWithExif(width = 800, height = 400) {
    const half = Math.floor(width / 2);
    const red = await solid(half, height, { r: 220, g: 20, b: 20 }).png().toBuffer();
    const blue = await solid(width - half, height, { r: 20, g: 20, b: 220 })
      .png()
      .toBuffer();
    return (
      sharp({ create: { width, height, channels: 3, background: '#000' } })
        .composite([
          { input: red, left: 0, top: 0 },
          { input: blue, left: half, top: 0 },
        ])
        .jpeg({ quality: 90 })
        // Orientation goes through withMetadata: withExif alone would have it reset to 1.
        .withMetadata({ orientation: 6 })
        .withExifMerge({ IFD0: { Make: 'TestCam', Copyright: 'secret location 51.5N 0.1W' } })
        .toBuffer()
    );
  },
  gif: () => solid(40, 40).gif().toBuffer(),
  /** 6000x5000 of one colour: 30 megapixels in a few kilobytes. */
  tooManyPixels: () => solid(6000, 5000).png({ compressionLevel: 9 }).toBuffer(),
  /** A PNG of noise, which does not compress: over 6 MB. */
  async sixMegabytes() {
    const width = 1500;
    const height = 1400;
    return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
  },
  svg: () =>
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>alert(1)</script><rect width="400" height="400" fill="red"/></svg>',
    ),
};
