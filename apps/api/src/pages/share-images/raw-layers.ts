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

/** Paints `layer` over the canvas in place (source over), clipped to the canvas. */
export function paint(canvas: Canvas, layer: Layer): void {
  const { data: target, width } = canvas;
  const { data: source } = layer;
  // Most of a layer is transparent: four bytes at a time skip it (alpha 0 is a zero word).
  const words =
    source.byteOffset % 4 === 0
      ? new Uint32Array(source.buffer, source.byteOffset, source.length >> 2)
      : null;
  const x0 = Math.max(0, layer.left);
  const y0 = Math.max(0, layer.top);
  const x1 = Math.min(width, layer.left + layer.width);
  const y1 = Math.min(canvas.height, layer.top + layer.height);
  for (let y = y0; y < y1; y += 1) {
    let from = ((y - layer.top) * layer.width + (x0 - layer.left)) * 4;
    let to = (y * width + x0) * 3;
    for (let x = x0; x < x1; x += 1, from += 4, to += 3) {
      if (words && words[from >> 2] === 0) continue;
      const alpha = source[from + 3]!;
      if (alpha === 0) continue;
      if (alpha === 255) {
        target[to] = source[from]!;
        target[to + 1] = source[from + 1]!;
        target[to + 2] = source[from + 2]!;
        continue;
      }
      const rest = 255 - alpha;
      target[to] = (source[from]! * alpha + target[to]! * rest + 127) / 255;
      target[to + 1] = (source[from + 1]! * alpha + target[to + 1]! * rest + 127) / 255;
      target[to + 2] = (source[from + 2]! * alpha + target[to + 2]! * rest + 127) / 255;
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
