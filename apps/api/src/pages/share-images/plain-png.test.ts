import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { plainPng } from './plain-png.ts';
import type { Canvas } from './raw-layers.ts';

const width = 120;
const height = 70;

/** A canvas of flat runs and noise, as a card has both. */
function canvasOf(seed: number): Canvas {
  const data = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let i = 0; i < data.length; i += 1) {
    state = (state * 16807) % 2147483647;
    data[i] = i % 360 < 180 ? (i >> 6) & 0xff : state & 0xff;
  }
  return { data, width, height };
}

/** The base with rows [top, bottom) of another canvas painted over it. */
function paintedBand(base: Canvas, top: number, bottom: number): Canvas {
  const data = Buffer.from(base.data);
  canvasOf(99).data.copy(data, top * width * 3, top * width * 3, bottom * width * 3);
  return { data, width, height };
}

async function decoded(png: Buffer) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

describe('plainPng', () => {
  const base = canvasOf(7);

  it.each([
    ['a band in the middle', 21, 47],
    ['a band from the first row', 0, 30],
    ['a band to the last row', 40, height],
    ['the whole canvas', 0, height],
    ['nothing painted', 0, 0],
  ])('writes the exact pixels with %s', async (_, top, bottom) => {
    const canvas = paintedBand(base, top, bottom);
    // Twice: the second card reuses the base's rows deflated for the first.
    for (let card = 0; card < 2; card += 1) {
      const png = await plainPng(canvas, base, { top, bottom });
      expect(await decoded(png)).toEqual({ data: canvas.data, width, height, channels: 3 });
    }
  });

  it('stays exact when the band given is wider than what was painted', async () => {
    const canvas = paintedBand(base, 30, 35);
    const png = await plainPng(canvas, base, { top: 5, bottom: 60 });
    expect((await decoded(png)).data.equals(canvas.data)).toBe(true);
  });

  it('deflates rows of a kept drawing once per key, and keeps keys apart', async () => {
    /** The base, with rows 16 to 32 from one canvas (the kept drawing) and 32 to 48 from another. */
    const card = (kept: number, own: number): Canvas => {
      const data = Buffer.from(base.data);
      canvasOf(kept).data.copy(data, 16 * width * 3, 16 * width * 3, 32 * width * 3);
      canvasOf(own).data.copy(data, 32 * width * 3, 32 * width * 3, 48 * width * 3);
      return { data, width, height };
    };
    const band = { top: 32, bottom: 48 };
    for (const [kept, own, key] of [
      [11, 21, 'a'],
      [11, 22, 'a'],
      [12, 23, 'b'],
      [11, 24, 'a'],
    ] as const) {
      const canvas = card(kept, own);
      const png = await plainPng(canvas, base, band, { key, top: 16 });
      expect((await decoded(png)).data.equals(canvas.data), `${key} ${own}`).toBe(true);
    }
  });
});
