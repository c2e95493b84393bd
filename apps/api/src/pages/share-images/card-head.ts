import { LRUCache } from 'lru-cache';
import { avatarToneOf, initialOf } from '@si/contracts';
import {
  AVATAR_AREA,
  BAND,
  CONTENT_RIGHT,
  coloursOf,
  LOGO,
  LOGO_Y,
  palette,
  PILLS_Y,
  round,
  svgPage,
  TEXT_RIGHT,
  TEXT_X,
  textElement,
  type Area,
  type Pixels,
} from './card-layout.ts';
import { emojiImage } from './card-images.ts';
import { cardText, nameLines, truncate } from './card-text.ts';
import { kept } from './kept-drawings.ts';
import { rasterize, type Layer } from './raw-layers.ts';
import type { ShareCardContent } from './share-card.ts';
import { placeParts, textLayer, type TextLine } from './text-lines.ts';

/** Avatars (an initial on its tone, or the white under a logo): a few hundred at most. */
const avatars = new LRUCache<string, Promise<Layer>>({ max: 500 });
function avatarLayer(key: string, svg: string[]): Promise<Layer> {
  return kept(avatars, key, () => placed(svg, AVATAR_AREA));
}

/** SVG elements drawn in `area` (their coordinates are the card's), as a layer placed there. */
async function placed(svg: string[], area: Area): Promise<Layer> {
  const pixels = await rasterize(svgPage(area.width, area.height, svg, area));
  return { ...pixels, left: area.left, top: area.top };
}

/**
 * The white under a logo (drawn once, with the band, in its frame overlapping the band), or the
 * initial avatar on its tone; `key` names it for the PNG's rows it alone paints.
 */
export function avatarOf(name: string, withLogo: boolean): { key: string; layer: Promise<Layer> } {
  if (withLogo) {
    return {
      key: 'logo',
      layer: avatarLayer('logo', [
        `<rect x="${LOGO.x}" y="${LOGO_Y}" width="${LOGO.size}" height="${LOGO.size}" rx="${LOGO.radius}" fill="${palette.surface}"/>`,
      ]),
    };
  }
  const tone = coloursOf(avatarToneOf(name));
  const initial = initialOf(name);
  const initialSize = Math.round(LOGO.size * 0.46);
  const key = `${tone.ink}\n${initial}`;
  return {
    key,
    layer: avatarLayer(key, [
      `<rect x="${LOGO.x}" y="${LOGO_Y}" width="${LOGO.size}" height="${LOGO.size}" rx="${LOGO.radius}" fill="${tone.soft}"/>`,
      textElement(
        LOGO.x + LOGO.size / 2,
        LOGO_Y + LOGO.size / 2 + initialSize * 0.36,
        initial,
        { size: initialSize, bold: true },
        tone.ink,
        ' text-anchor="middle"',
      ),
    ]),
  };
}

/** The head's lines of text, where a pin goes, where the head ends and the pills start. */
export interface CardHead {
  lines: TextLine[];
  pinAt: { x: number; y: number } | null;
  bottom: number;
  pillsTop: number;
}

/**
 * The name beside the logo, below the band; the place under it, after its flag (which goes to
 * `layers`, to be painted over the card) or a pin.
 */
export async function headOf(content: ShareCardContent, layers: Layer[]): Promise<CardHead> {
  const lines: TextLine[] = [];
  let pinAt: { x: number; y: number } | null = null;
  const nameWidth = TEXT_RIGHT - TEXT_X;
  const name = await nameLines(cardText(content.name), nameWidth);
  let baseline = BAND.y + BAND.height + 18 + name.size * 0.9 - name.lineHeight;
  for (const line of name.lines) {
    baseline += name.lineHeight;
    lines.push({
      x: TEXT_X,
      baseline,
      value: line,
      style: { size: name.size, bold: true },
      fill: palette.ink,
    });
  }
  // Below the last line's descenders.
  let bottom = baseline + name.size * 0.4;
  const placeText = cardText(content.place);
  let pillsTop = Math.max(PILLS_Y, baseline + 36);
  if (placeText) {
    const style = { size: 28, bold: false };
    const flag = content.flagEmoji ? await emojiImage(content.flagEmoji, 30) : null;
    const placeBaseline = baseline + 46;
    pillsTop = Math.max(PILLS_Y, placeBaseline + 30);
    bottom = placeBaseline + 14;
    let x = TEXT_X;
    if (flag) {
      layers.push({
        ...flag,
        left: Math.round(x),
        top: Math.round(placeBaseline - 10 - flag.height / 2),
      });
      x += flag.width + 12;
    } else {
      pinAt = { x, y: placeBaseline - 26 };
      x += 34;
    }
    const shown = await truncate(placeText, style, TEXT_RIGHT - x);
    for (const part of await placeParts(shown, style, palette.inkMuted)) {
      lines.push({
        x: x + part.offset,
        baseline: placeBaseline,
        value: part.value,
        style,
        fill: palette.inkMuted,
        keep: true,
      });
    }
  }
  return { lines, pinAt, bottom, pillsTop };
}

/**
 * The head's lines drawn by Pango (textLayer), the pin, and what Pango cannot place as an SVG
 * of its own area, not one the size of the card: librsvg's cost goes with the area. Areas'
 * corners are whole pixels, so text lands where one drawing would put it.
 */
export async function headLayers(head: CardHead): Promise<Layer[]> {
  const written = await Promise.all(head.lines.map(textLayer));
  const svg = head.lines.flatMap((line, index) =>
    written[index] ? [] : [textElement(line.x, line.baseline, line.value, line.style, line.fill)],
  );
  const top = BAND.y + BAND.height + 2;
  return [
    ...written.filter((layer): layer is Layer => layer !== null),
    ...(head.pinAt ? [await pinLayer(head.pinAt.x, head.pinAt.y)] : []),
    ...(svg.length > 0
      ? [
          await placed(svg, {
            left: TEXT_X - 4,
            top,
            width: CONTENT_RIGHT - (TEXT_X - 4),
            height: Math.ceil(head.bottom) - top,
          }),
        ]
      : []),
  ];
}

/** Pins drawn, by where they fall within a pixel: one or two per process. */
const pins = new Map<string, Promise<Pixels>>();
/** The pin drawn at (x, y) as a layer. */
async function pinLayer(x: number, y: number): Promise<Layer> {
  const left = Math.floor(x) - 2;
  const top = Math.floor(y) - 2;
  const within = { x: round(x - left), y: round(y - top) };
  const found = kept(pins, `${within.x} ${within.y}`, () =>
    rasterize(svgPage(36, 36, [pinIcon(within.x, within.y)])),
  );
  return { ...(await found), left, top };
}

/** A map pin (lucide's MapPin), for the place when no flag can be drawn. */
function pinIcon(x: number, y: number): string {
  return `<g transform="translate(${x} ${y}) scale(1.2)" fill="none" stroke="${palette.inkMuted}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0"/><circle cx="12" cy="10" r="3"/></g>`;
}
