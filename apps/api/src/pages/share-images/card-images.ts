import sharp from 'sharp';
import { IMAGE_MAX_PIXELS } from '@si/contracts';
import { EMOJI_FONT, escapeMarkup, type Pixels } from './card-layout.ts';
import { alphaOf, applyMask } from './raw-layers.ts';

/**
 * An emoji as a colour image of about `size` px, scaled down to fit `box` px when larger, or
 * null when the host has no colour emoji font (Pango would draw an empty box or a flat glyph):
 * the card then does without. Kept for the process: a card uses a few of a few hundred.
 */
const emojiImages = new Map<string, Promise<Pixels | null>>();
export function emojiImage(emoji: string, size: number, box = Infinity): Promise<Pixels | null> {
  const key = `${size}\n${box}\n${emoji}`;
  let found = emojiImages.get(key);
  if (!found) {
    found = (async () => {
      if (!emoji.trim()) return null;
      const { data, info } = await sharp({
        text: { text: escapeMarkup(emoji), font: `${EMOJI_FONT} ${size}`, dpi: 72, rgba: true },
      })
        .raw()
        .toBuffer({ resolveWithObject: true });
      if (!hasColour(data, info.channels)) return null;
      const scale = Math.min(1, box / Math.max(info.width, info.height));
      if (scale === 1) return { data, width: info.width, height: info.height };
      const width = Math.round(info.width * scale);
      const scaled = await sharp(data, { raw: info })
        .resize(width)
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { data: scaled.data, width: scaled.info.width, height: scaled.info.height };
    })().catch(() => null);
    if (emojiImages.size > 2000) emojiImages.clear();
    emojiImages.set(key, found);
  }
  return found;
}

/** True when a visible pixel is clearly coloured (not grey): the glyph came from a colour font. */
function hasColour(data: Buffer, channels: number): boolean {
  if (channels < 4) return false;
  for (let i = 0; i + 3 < data.length; i += channels) {
    if (data[i + 3]! < 128) continue;
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    if (Math.max(r, g, b) - Math.min(r, g, b) > 48) return true;
  }
  return false;
}

const readOptions = { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' } as const;

const roundedRectSvg = (width: number, height: number, radius: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${radius}" ry="${radius}"/></svg>`;
/** Rounded-rectangle masks, by size: the same two (logo, banner) on every card. */
const masks = new Map<string, Promise<Uint8Array>>();
function roundedMask(width: number, height: number, radius: number): Promise<Uint8Array> {
  const key = `${width}x${height}r${radius}`;
  let found = masks.get(key);
  if (!found) {
    found = alphaOf(roundedRectSvg(width, height, radius));
    masks.set(key, found);
  }
  return found;
}

/** An image cut to a rounded rectangle of the given size (cover), as RGBA pixels. */
export async function rounded(
  image: Buffer,
  width: number,
  height: number,
  radius: number,
): Promise<Pixels> {
  const [{ data }, mask] = await Promise.all([
    sharp(image, readOptions)
      .resize(width, height, { fit: 'cover' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true }),
    roundedMask(width, height, radius),
  ]);
  applyMask(data, mask);
  return { data, width, height };
}
