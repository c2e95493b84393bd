import { constants, crc32, createDeflate } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { Canvas } from './raw-layers.ts';

/**
 * The PNG of a card without photos, written here rather than by sharp: its rows unfiltered and
 * deflated by Node's zlib at level 3 (sharp's encoder took about twice the CPU for the same
 * rows). A card paints only a band of rows over its base canvas; the rows above and below are
 * the base's on every card, so they are deflated once per base and only the card's own band is
 * deflated per card (ADR 026). Those shared rows are worth work a card's are not: they are
 * filtered (PNG's Up) before they are deflated, which took the gradient's rows to less than half.
 *
 * A zlib stream may be put together from parts: each part is deflated on its own and ends on a
 * byte boundary with an empty stored block (a full flush), and only the last is final. The
 * stream's checksum (Adler-32 of all the rows) is combined from the parts' own.
 */

/** A card's own band: deflated on every first fetch. */
const LEVEL = 3;
/**
 * Rows many cards share: deflated once per process, or once per avatar. Level 4 made the
 * avatar's rows 45 KB in 12 ms; level 9, 36 KB in 470 ms (its search is slow on runs of equal
 * differences), and level 3, 50 KB in 9 ms.
 */
const SHARED_LEVEL = 4;
/** Bands are widened to whole multiples of this, so a few shared parts serve every card. */
const ROW_STEP = 16;
const ADLER_BASE = 65521;
/** A zlib stream's two-byte header (deflate, 32 KB window, level 3). */
const ZLIB_HEADER = Buffer.from([0x78, 0x5e]);
/** What zlib writes when a fully flushed stream is ended: an empty final block, then the checksum. */
const EMPTY_FINAL_BLOCK = Buffer.from([0x03, 0x00]);
/**
 * zlib's output buffer, allocated whole for every part: a card's band deflates to about 40 KB,
 * and 256 KB buffers a card, outside V8's heap, set off a garbage collection every half second.
 */
const DEFLATE_CHUNK = 64 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Part {
  /** Deflate blocks, without zlib's header and checksum; ends on a byte boundary. */
  blocks: Buffer;
  adler: number;
  /** Bytes of rows it holds. */
  length: number;
}

/**
 * Buffers of rows whose deflating has ended, for the next cards: a band is about 1.4 MB, and a
 * new one a card, outside V8's heap, set off a full garbage collection every second or so under
 * a crawler's load.
 */
const spareRows: Buffer[] = [];
const SPARE_ROWS = 4;

/** The rows in [from, to) of an RGB canvas, each after its filter byte (0: none). */
function rowsOf(canvas: Canvas, from: number, to: number): Buffer {
  const stride = canvas.width * 3;
  const size = (stride + 1) * (to - from);
  const spare = spareRows.findIndex((buffer) => buffer.length >= size);
  const rows =
    spare === -1 ? Buffer.allocUnsafeSlow(size) : spareRows.splice(spare, 1)[0]!.subarray(0, size);
  for (let y = from, at = 0; y < to; y += 1, at += stride + 1) {
    rows[at] = 0;
    canvas.data.copy(rows, at + 1, y * stride, (y + 1) * stride);
  }
  return rows;
}

/** PNG's row filters used here: a byte less the one three before (Sub), or the one above (Up). */
const SUB = 1;
const UP = 2;

/**
 * The rows in [from, to) of an RGB canvas, each less the row above it (Up: the gradient's
 * differences are small, flat colour's none), except a part's first row, which may not refer to
 * the row above it (it may be a card's own) unless it is the image's first: it is less the pixel
 * to its left (Sub).
 */
function filteredRowsOf(canvas: Canvas, from: number, to: number): Buffer {
  const stride = canvas.width * 3;
  const source = canvas.data;
  const rows = Buffer.alloc((stride + 1) * (to - from));
  for (let y = from, at = 0; y < to; y += 1, at += stride + 1) {
    const start = y * stride;
    const up = y > from || y === 0;
    rows[at] = up ? UP : SUB;
    // Up refers to the row above, Sub to the pixel on the left; before the image there are zeros.
    const back = up ? stride : 3;
    const first = up ? (y > 0 ? 0 : stride) : 3;
    for (let i = 0; i < stride; i += 1) {
      rows[at + 1 + i] = source[start + i]! - (i < first ? 0 : source[start + i - back]!);
    }
  }
  return rows;
}

/** Deflates `rows` as one part of a stream: flushed, and ended with the final block if `last`. */
function deflatePart(rows: Buffer, last: boolean, level = LEVEL): Promise<Part> {
  return new Promise((resolve, reject) => {
    const deflate = createDeflate({ level, chunkSize: DEFLATE_CHUNK });
    const chunks: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
    deflate.on('error', reject);
    deflate.on('end', () => {
      const stream = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      const tail = stream.length - 4;
      if (!stream.subarray(tail - 2, tail).equals(EMPTY_FINAL_BLOCK)) {
        reject(new Error('zlib ended a flushed stream in an unexpected way'));
        return;
      }
      resolve({
        blocks: stream.subarray(ZLIB_HEADER.length, last ? tail : tail - 2),
        adler: stream.readUInt32BE(tail),
        length: rows.length,
      });
    });
    deflate.write(rows);
    deflate.flush(constants.Z_FULL_FLUSH, () => deflate.end());
  });
}

/** The Adler-32 of two byte runs one after the other, from each run's own (zlib's adler32_combine). */
function combineAdler(first: number, second: number, secondLength: number): number {
  const remainder = secondLength % ADLER_BASE;
  let sum1 = first & 0xffff;
  let sum2 = (remainder * sum1) % ADLER_BASE;
  sum1 += (second & 0xffff) + ADLER_BASE - 1;
  sum2 += (first >>> 16) + (second >>> 16) + ADLER_BASE - remainder;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum2 >= ADLER_BASE * 2) sum2 -= ADLER_BASE * 2;
  if (sum2 >= ADLER_BASE) sum2 -= ADLER_BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

function header(width: number, height: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8; // bits a sample
  data[9] = 2; // RGB
  return chunk('IHDR', data);
}

const IEND = chunk('IEND', Buffer.alloc(0));

/**
 * Deflated runs of rows shared by many cards, by the base canvas they were drawn on: the base's
 * own rows (a few dozen runs), and rows with a kept drawing over the base (about 45 KB each: at
 * most 500, about 22 MB).
 */
const sharedParts = new WeakMap<Buffer, LRUCache<string, Promise<Part>>>();

/** Rows [from, to) of `canvas`, the same on every card whose base and kept drawing are `key`'s. */
function sharedPart(
  base: Canvas,
  canvas: Canvas,
  key: string,
  from: number,
  to: number,
  last: boolean,
): Promise<Part> {
  let parts = sharedParts.get(base.data);
  if (!parts) {
    parts = new LRUCache({ max: 500 });
    sharedParts.set(base.data, parts);
  }
  const name = `${key}\n${from}:${to}:${last}`;
  let part = parts.get(name);
  if (!part) {
    part = deflatePart(filteredRowsOf(canvas, from, to), last, SHARED_LEVEL);
    parts.set(name, part);
    part.catch(() => parts.delete(name));
  }
  return part;
}

/** Rows painted with a drawing many cards share, above the card's own: the same on each of them. */
export interface KeptRows {
  /** Names the drawing: cards with the same key have the same pixels in these rows. */
  key: string;
  top: number;
}

/**
 * Writes `canvas` as PNG. Its rows outside [top, bottom) must be those of `base` (a copy of it
 * that was painted only within that band), except from `kept.top` down to the band: there the
 * canvas holds only the kept drawing over the base.
 */
export async function plainPng(
  canvas: Canvas,
  base: Canvas,
  band: { top: number; bottom: number },
  kept: KeptRows | null = null,
): Promise<Buffer> {
  const { height } = canvas;
  const top = Math.max(0, Math.floor(band.top / ROW_STEP) * ROW_STEP);
  const bottom = Math.min(height, Math.max(top, Math.ceil(band.bottom / ROW_STEP) * ROW_STEP));
  const keptTop = kept ? Math.max(0, Math.floor(kept.top / ROW_STEP) * ROW_STEP) : top;
  const shared = Math.min(top, keptTop);
  const pending: Promise<Part>[] = [];
  if (shared > 0) pending.push(sharedPart(base, base, '', 0, shared, shared === height));
  if (kept && keptTop < top) pending.push(sharedPart(base, canvas, kept.key, keptTop, top, false));
  if (bottom > top) {
    const rows = rowsOf(canvas, top, bottom);
    pending.push(
      deflatePart(rows, bottom === height).finally(() => {
        if (spareRows.length < SPARE_ROWS) spareRows.push(Buffer.from(rows.buffer));
      }),
    );
  }
  if (bottom < height) pending.push(sharedPart(base, base, '', bottom, height, true));
  const parts = await Promise.all(pending);
  let adler = 1;
  for (const part of parts) adler = combineAdler(adler, part.adler, part.length);
  // Written into one buffer, the size of the file: a card is about 185 KB, and every copy of it
  // is on the main thread.
  const ihdr = header(canvas.width, height);
  const idatLength =
    ZLIB_HEADER.length + parts.reduce((sum, part) => sum + part.blocks.length, 0) + 4;
  const png = Buffer.allocUnsafe(
    PNG_SIGNATURE.length + ihdr.length + 8 + idatLength + 4 + IEND.length,
  );
  let at = PNG_SIGNATURE.copy(png, 0);
  at += ihdr.copy(png, at);
  png.writeUInt32BE(idatLength, at);
  const typeAt = at + 4;
  at = typeAt + png.write('IDAT', typeAt, 'latin1');
  at += ZLIB_HEADER.copy(png, at);
  for (const part of parts) at += part.blocks.copy(png, at);
  at = png.writeUInt32BE(adler, at);
  at = png.writeUInt32BE(crc32(png.subarray(typeAt, at)) >>> 0, at);
  IEND.copy(png, at);
  return png;
}
