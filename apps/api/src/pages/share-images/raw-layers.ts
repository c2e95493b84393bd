import sharp from 'sharp';

/**
 * The share card is put together in memory, as raw pixels: an opaque RGB canvas (three bytes a
 * pixel) and layers of RGBA (four bytes, straight alpha) painted over it in JavaScript. Painting
 * a layer is one pass over its own pixels; sharp's composite goes over the whole card, in
 * floating point, for every layer, and cost more than everything else on the card together.
 */
export interface Layer {
  data: Buffer;
  width: number;
  height: number;
  left: number;
  top: number;
}

/** An RGB canvas of `width` x `height`. */
export interface Canvas {
  data: Buffer;
  width: number;
  height: number;
}

// A layer's pixel is read as one 32-bit word; where each channel lies in it depends on the
// machine's byte order.
const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const RED = littleEndian ? 0 : 24;
const GREEN = littleEndian ? 8 : 16;
const BLUE = littleEndian ? 16 : 8;
const ALPHA = littleEndian ? 24 : 0;

/** (value + 127) / 255 rounded down, for value up to 255 * 255, in integers. */
const divide255 = (value: number) => {
  const biased = value + 128;
  return (biased + (biased >> 8)) >> 8;
};

/**
 * Paints `layer` over the canvas in place (source over), clipped to the canvas. A pixel is read
 * as one word: most of a layer is transparent (a zero word) and skipped, and an opaque pixel is
 * three stores; the blending's arithmetic is in integers.
 */
export function paint(canvas: Canvas, layer: Layer): void {
  const { data: target, width } = canvas;
  // Words need a start on a multiple of four: a layer that does not have one is copied.
  const source = layer.data.byteOffset % 4 === 0 ? layer.data : new Uint8Array(layer.data);
  const words = new Uint32Array(source.buffer, source.byteOffset, source.length >> 2);
  const x0 = Math.max(0, layer.left);
  const y0 = Math.max(0, layer.top);
  const x1 = Math.min(width, layer.left + layer.width);
  const y1 = Math.min(canvas.height, layer.top + layer.height);
  for (let y = y0; y < y1; y += 1) {
    let from = (y - layer.top) * layer.width + (x0 - layer.left);
    let to = (y * width + x0) * 3;
    for (let x = x0; x < x1; x += 1, from += 1, to += 3) {
      const word = words[from]!;
      if (word === 0) continue;
      const alpha = (word >>> ALPHA) & 255;
      if (alpha === 0) continue;
      if (alpha === 255) {
        target[to] = word >>> RED;
        target[to + 1] = word >>> GREEN;
        target[to + 2] = word >>> BLUE;
        continue;
      }
      const rest = 255 - alpha;
      target[to] = divide255(((word >>> RED) & 255) * alpha + target[to]! * rest);
      target[to + 1] = divide255(((word >>> GREEN) & 255) * alpha + target[to + 1]! * rest);
      target[to + 2] = divide255(((word >>> BLUE) & 255) * alpha + target[to + 2]! * rest);
    }
  }
}

/** Multiplies an RGBA image's alpha by `mask` (one byte a pixel, the same size), in place. */
export function applyMask(data: Buffer, mask: Uint8Array): void {
  for (let pixel = 0, alpha = 3; pixel < mask.length; pixel += 1, alpha += 4) {
    const kept = mask[pixel]!;
    if (kept !== 255) data[alpha] = (data[alpha]! * kept + 127) / 255;
  }
}

/** An SVG drawn by librsvg (through sharp) as RGBA pixels of its own size. */
export async function rasterize(svg: string): Promise<Omit<Layer, 'left' | 'top'>> {
  const { data, info } = await sharp(Buffer.from(svg))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The alpha of an SVG's drawing, one byte a pixel (a mask for applyMask). */
export async function alphaOf(svg: string): Promise<Uint8Array> {
  const { data } = await sharp(Buffer.from(svg))
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}
