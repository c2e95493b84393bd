import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { avatarToneOf, IMAGE_MAX_PIXELS, initialOf, siteName } from '@si/contracts';
import { brandMarkSvg } from './preview-image.ts';
import { kept } from './kept-drawings.ts';
import { plainPng } from './plain-png.ts';
import { alphaOf, applyMask, paint, rasterize, type Canvas, type Layer } from './raw-layers.ts';

/**
 * One profile's link-preview card (1200x630): the profile page's header in small (banner or
 * the brand gradient, the logo overlapping it, the name), the place with its flag, the first
 * categories as pills in their group's colours, and the site's mark. Shapes and words are SVG;
 * emoji are drawn apart, by Pango, because librsvg paints them in one flat colour. What is the
 * same on every card (the band's gradient, the logo's frame, the footer) is drawn once per
 * process; a card draws only its own words and images over a copy (ADR 026).
 */
export interface ShareCardContent {
  name: string;
  /** 'Nairobi, Kenya'; empty when there is nothing to say (no location, all countries). */
  place: string;
  flagEmoji: string | null;
  /** In the profile's order; those that do not fit are counted in a '+N more' pill. */
  categories: { emoji: string; name: string; groupId: string }[];
  /** Encoded image files (any format sharp reads), or null for the initial avatar / gradient. */
  logo: Buffer | null;
  banner: Buffer | null;
  /** The site's host, written in the corner (directory.example.org). */
  host: string;
}

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

/** The web app's tokens (apps/web/src/styles/tokens.css) this card uses; a test keeps them equal. */
export const palette = {
  canvas: '#fbfaf7',
  surface: '#ffffff',
  sunken: '#f3f1ec',
  line: '#e4e0d8',
  ink: '#1b1a17',
  inkMuted: '#57534b',
  inkSubtle: '#6b665d',
  brand: '#0f5e57',
  brandSoft: '#e3f1ee',
  highlight: '#f5c26b',
  scaleInk: '#0e5f73',
  impactInk: '#22603a',
} as const;

/** Each category group's ink (text) and soft (fill), as tokens.css maps them by data-group. */
export const groupColours: Record<string, { ink: string; soft: string }> = {
  impact_areas: { ink: '#22603a', soft: '#e3f3e7' },
  work_methods: { ink: '#1f4f9a', soft: '#e4edfb' },
  differentiators: { ink: '#5b3aa6', soft: '#eee8fb' },
  culture: { ink: '#a2284d', soft: '#fbe7ed' },
  company_properties: { ink: '#3d4b5c', soft: '#e8ecf1' },
  approach: { ink: '#8a4a0b', soft: '#fcefdc' },
  how_we_scale_change: { ink: '#0e5f73', soft: '#e0f2f6' },
};
const brandColours = { ink: '#0b4a44', soft: palette.brandSoft };
const coloursOf = (groupId: string) => groupColours[groupId] ?? brandColours;

// Inter when the host has it, else the metric twin the web app falls back to, else any sans.
const FONT_STACK = ['Inter', 'Liberation Sans', 'Arial', 'Helvetica', 'DejaVu Sans', 'sans-serif'];
const svgFontFamily = FONT_STACK.map((family) => (family.includes(' ') ? `'${family}'` : family))
  .join(', ')
  .replace(/'sans-serif'/, 'sans-serif');
const EMOJI_FONT = 'Noto Color Emoji, Apple Color Emoji, Segoe UI Emoji, Twemoji Mozilla, emoji';

interface TextStyle {
  size: number;
  bold: boolean;
}

/** Text for XML (SVG) and for Pango markup, which share these five escapes. */
export const escapeMarkup = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** A code point XML 1.0 can carry: no C0 controls but tab and line breaks, no lone surrogates. */
function encodable(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20) return code === 0x09 || code === 0x0a || code === 0x0d;
  return !(code >= 0xd800 && code <= 0xdfff) && code !== 0xfffe && code !== 0xffff;
}
// Emoji (those drawn as emoji by default, or asked to be with VS16), flags' letters and what
// joins, varies or skin-tones them; text symbols such as (c) and TM stay.
const emojiParts =
  /\p{Extended_Pictographic}\u{fe0f}|\p{Emoji_Presentation}|\p{Regional_Indicator}|\u{fe0f}|\u{200d}|\u{20e3}|[\u{1f3fb}-\u{1f3ff}]|[\u{e0020}-\u{e007f}]/gu;

/**
 * Text as the card writes it: one line of plain words. Emoji in a name are left out (SVG text
 * would draw them as flat silhouettes) unless they are all there is.
 */
export function cardText(value: string): string {
  const plain = Array.from(value).filter(encodable).join('').replace(/\s+/g, ' ').trim();
  const words = plain.replace(emojiParts, '').replace(/\s+/g, ' ').trim();
  return words || plain;
}

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
const graphemes = (value: string) => Array.from(segmenter.segment(value), (part) => part.segment);

const pangoFont = ({ size, bold }: TextStyle) =>
  `${FONT_STACK.join(', ')} ${bold ? 'Semi-Bold ' : ''}${size}`;

async function inkWidth(markup: string, font: string): Promise<number> {
  const { width } = await sharp({ text: { text: markup, font, dpi: 72 } }).metadata();
  return width ?? 0;
}

/**
 * Widths already measured, by font and text, for every card this process draws: the words of
 * places and categories come back on card after card, and a name is measured several times
 * while it is wrapped and sized.
 */
const measured = new LRUCache<string, Promise<number>>({ max: 20_000 });

/**
 * How far text advances, measured by Pango with the fonts SVG text will use. libvips crops
 * text to its ink, so the text is measured between two bars and the bars taken off.
 */
function measure(text: string, style: TextStyle): Promise<number> {
  const font = pangoFont(style);
  return kept(measured, `${font}\n${text}`, async () => {
    if (text === '') return 0;
    const [framed, bars] = await Promise.all([
      inkWidth(`|${escapeMarkup(text)}|`, font),
      barsWidth(font),
    ]);
    return framed - bars;
  });
}

/** The ink width of two bars, which measure takes off a line drawn between them. */
const barsWidth = (font: string) => kept(measured, `${font}\n||`, () => inkWidth('||', font));

/**
 * Scripts in which a line is as wide as its graphemes' advances added up, less kerning: no
 * shaping joins or reorders letters across graphemes (as Arabic's or Devanagari's does).
 */
const addsUp =
  /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]*$/u;

/**
 * Whether text fits maxWidth, mostly without a Pango call: each Pango call draws the text (a
 * millisecond or two of CPU), and wrapping a long name asked eight to ten times. A line is as
 * wide as its graphemes' advances added up (each measured once per process), less kerning,
 * which narrowed lines by up to 8 % in the card's fonts and never widened one by more than
 * rounding; only a sum that close to maxWidth is measured whole.
 */
async function fits(text: string, style: TextStyle, maxWidth: number): Promise<boolean> {
  const parts = graphemes(text);
  if (parts.length > 1 && addsUp.test(text)) {
    const advances = await Promise.all(parts.map((part) => measure(part, style)));
    const sum = advances.reduce((total, advance) => total + advance, 0);
    if (sum * 1.02 + 3 <= maxWidth) return true;
    if (sum * 0.88 - 3 > maxWidth) return false;
  }
  return (await measure(text, style)) <= maxWidth;
}

/** The card's text styles whose words change from card to card: the name's sizes and the place. */
const VARYING_STYLES: TextStyle[] = [
  { size: 60, bold: true },
  { size: 52, bold: true },
  { size: 46, bold: true },
  { size: 28, bold: false },
];

/** Measures the printable ASCII graphemes in the card's varying styles, so the first cards need not. */
export async function measureAlphabet(): Promise<void> {
  const alphabet = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index));
  await Promise.all(
    VARYING_STYLES.flatMap((style) => alphabet.map((grapheme) => measure(grapheme, style))),
  );
}

/**
 * Where Pango's drawing of a line starts, for one style. Pango draws text cropped to its ink;
 * drawn between two bars, the crop is the bars' (the tallest and leftmost ink of a line), so a
 * line's image always starts at the left bar's ink and at its top. The bar drawn once by SVG at
 * a known pen position and baseline says where those are.
 */
interface BarMetrics {
  /** How far the bar moves the pen: the text starts this far after the bar's pen. */
  advance: number;
  /** The bar's ink, from its pen. */
  inkLeft: number;
  /** From the bar's ink top down to the baseline. */
  ascent: number;
  /** The height of Pango's image of a line whose ink lies within the bars. */
  height: number;
}
const barMetrics = new Map<string, Promise<BarMetrics>>();
function barMetricsOf(style: TextStyle): Promise<BarMetrics> {
  const font = pangoFont(style);
  return kept(barMetrics, font, async () => {
    const size = style.size * 3;
    const pen = style.size;
    const [advance, svg, pango] = await Promise.all([
      measure('|', style),
      rasterize(svgPage(size, size, [textElement(pen, size - pen, '|', style, palette.ink)])),
      sharp({ text: { text: '||', font, dpi: 72 } }).metadata(),
    ]);
    let top = svg.height;
    let left = svg.width;
    for (let y = 0; y < svg.height; y += 1) {
      for (let x = 0; x < svg.width; x += 1) {
        if (svg.data[(y * svg.width + x) * 4 + 3]! === 0) continue;
        top = Math.min(top, y);
        left = Math.min(left, x);
      }
    }
    return { advance, inkLeft: left - pen, ascent: size - pen - top, height: pango.height ?? 0 };
  });
}

/** Bars Pango measures but does not paint (alpha 1 of 65535). */
const HIDDEN_BAR = '<span alpha="1">|</span>';
/** A line of the card's head: its words, where SVG text would put them, and how. */
interface TextLine {
  x: number;
  baseline: number;
  value: string;
  style: TextStyle;
  fill: string;
  /** Kept for the next cards (places); a name is drawn once and not kept. */
  keep?: boolean;
}
/** Lines kept: about 30 KB each (a location or a country at 28 px). */
const textImages = new LRUCache<string, Promise<Pixels>>({ max: 512 });

/**
 * Pango's image of a line between hidden bars: as wide as the line and the bars, whose ink it is
 * cropped to. Kept lines are drawn once per process.
 */
function lineImage({ value, style, fill, keep = false }: Omit<TextLine, 'x' | 'baseline'>) {
  const font = pangoFont(style);
  const draw = () =>
    sharp({
      text: {
        text: `${HIDDEN_BAR}<span foreground="${fill}">${escapeMarkup(value)}</span>${HIDDEN_BAR}`,
        font,
        dpi: 72,
        rgba: true,
      },
    })
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ data, width: info.width, height: info.height }));
  return keep ? kept(textImages, `${font}\n${fill}\n${value}`, draw) : draw();
}

/**
 * Text Pango shapes as one run, so that the space after a comma is kerned with the next letter
 * as it is alone; after Cyrillic, say, the comma and the space are shaped with it, and are not.
 */
const oneLatinRun = /^[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]*$/u;

/**
 * The place as the lines it is drawn from, each at its offset from the place's pen: the location
 * and the country apart when both are there, so that each is drawn once and kept (a directory
 * has far more pairs of them than locations and countries). The whole place when it was cut
 * short, or is not all in Latin letters. The country starts where the location's image says it
 * ends (its width less the bars'), after a space kerned as in one line: the same pixels.
 */
async function placeParts(
  place: string,
  style: TextStyle,
  fill: string,
): Promise<{ value: string; offset: number }[]> {
  const comma = place.lastIndexOf(', ');
  if (comma <= 0 || place.endsWith('…') || !oneLatinRun.test(place)) {
    return [{ value: place, offset: 0 }];
  }
  const location = place.slice(0, comma + 1);
  const country = place.slice(comma + 2);
  const first = graphemes(country)[0] ?? '';
  const [image, metrics, bars, firstAfterSpace, firstAlone] = await Promise.all([
    lineImage({ value: location, style, fill, keep: true }),
    barMetricsOf(style),
    barsWidth(pangoFont(style)),
    measure(` ${first}`, style),
    measure(first, style),
  ]);
  // A location with marks beyond the bars is drawn by SVG, and so is the whole place with it.
  if (image.height !== metrics.height) return [{ value: place, offset: 0 }];
  // The space with its kerning: the card's fonts kern some capitals after it (' A', ' T').
  const space = firstAfterSpace - firstAlone;
  return [
    { value: location, offset: 0 },
    { value: country, offset: image.width - bars + space },
  ];
}

/**
 * One line of text, drawn by Pango as SVG text at pen `x` on `baseline` would be (about a third
 * of the time librsvg takes for the same words), or null when a glyph reaches above or below the
 * bars (some scripts' marks): SVG draws that line instead.
 */
async function textLayer(line: TextLine): Promise<Layer | null> {
  const { x, baseline, style } = line;
  const [metrics, pixels] = await Promise.all([barMetricsOf(style), lineImage(line)]);
  if (pixels.height !== metrics.height) return null;
  return {
    ...pixels,
    left: Math.round(x - metrics.advance + metrics.inkLeft),
    top: Math.round(baseline - metrics.ascent),
  };
}

/** The longest start of `parts` that fits `maxWidth` with `suffix` after it (at least one part). */
async function longestStart(
  parts: string[],
  suffix: string,
  style: TextStyle,
  maxWidth: number,
): Promise<number> {
  let low = 1;
  let high = parts.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const text = parts.slice(0, middle).join('').trimEnd() + suffix;
    if (await fits(text, style, maxWidth)) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Words laid into lines of at most maxWidth; a word too long for a line is broken. */
async function wrap(
  text: string,
  style: TextStyle,
  maxWidth: number,
  stopAfter: number,
): Promise<string[]> {
  // Most names fit on one line: one measure instead of one per word.
  if (await fits(text, style, maxWidth)) return [text];
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    if (lines.length > stopAfter) break;
    const candidate = current ? `${current} ${word}` : word;
    if (await fits(candidate, style, maxWidth)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = '';
    let rest = graphemes(word);
    while (rest.length > 0) {
      const count = (await fits(rest.join(''), style, maxWidth))
        ? rest.length
        : await longestStart(rest, '', style, maxWidth);
      const piece = rest.slice(0, count).join('');
      rest = rest.slice(count);
      if (rest.length > 0) lines.push(piece);
      else current = piece;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** Text cut to fit maxWidth with an ellipsis, at a word when that keeps most of it. */
async function truncate(text: string, style: TextStyle, maxWidth: number): Promise<string> {
  if (await fits(text, style, maxWidth)) return text;
  const parts = graphemes(text);
  const count = await longestStart(parts, '…', style, maxWidth);
  const cut = parts.slice(0, count).join('');
  const space = cut.lastIndexOf(' ');
  const kept = space > cut.length * 0.6 ? cut.slice(0, space) : cut;
  return `${kept.trimEnd().replace(/[\s,.;:–-]+$/u, '')}…`;
}

/** The name's lines: large on up to two lines, smaller on three, then cut with an ellipsis. */
async function nameLines(name: string, maxWidth: number) {
  const sizes = [
    { size: 60, lineHeight: 70, maxLines: 2 },
    { size: 52, lineHeight: 60, maxLines: 2 },
    { size: 46, lineHeight: 54, maxLines: 3 },
  ] as const;
  for (const option of sizes) {
    const style = { size: option.size, bold: true };
    const lines = await wrap(name, style, maxWidth, option.maxLines);
    if (lines.length <= option.maxLines) return { ...option, lines };
  }
  const last = sizes[sizes.length - 1]!;
  const style = { size: last.size, bold: true };
  const lines = await wrap(name, style, maxWidth, last.maxLines);
  const kept = lines.slice(0, last.maxLines - 1);
  // Lines are pieces of the name in order, split at a space or inside a long word.
  let used = 0;
  for (const line of kept) used = name.indexOf(line, used) + line.length;
  kept.push(await truncate(name.slice(used).trim(), style, maxWidth));
  return { ...last, lines: kept };
}

/** An image as RGBA pixels, before it is placed. */
type Pixels = Omit<Layer, 'left' | 'top'>;

/**
 * An emoji as a colour image of about `size` px, scaled down to fit `box` px when larger, or
 * null when the host has no colour emoji font (Pango would draw an empty box or a flat glyph):
 * the card then does without. Kept for the process: a card uses a few of a few hundred.
 */
const emojiImages = new Map<string, Promise<Pixels | null>>();
function emojiImage(emoji: string, size: number, box = Infinity): Promise<Pixels | null> {
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
async function rounded(
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

const round = (value: number) => Math.round(value * 10) / 10;

// Layout, in px of the 1200x630 card.
const MARGIN = 40;
const BAND = {
  x: MARGIN,
  y: MARGIN,
  width: SHARE_CARD_WIDTH - 2 * MARGIN,
  height: 190,
  radius: 28,
};
const LOGO = { x: 84, size: 172, border: 8, radius: 26 };
const LOGO_Y = BAND.y + BAND.height - 92;
const TEXT_X = LOGO.x + LOGO.size + 40;
const TEXT_RIGHT = SHARE_CARD_WIDTH - 84;
const CONTENT_LEFT = LOGO.x - LOGO.border / 2;
const PILLS_Y = 468;
const PILL = { height: 54, paddingX: 20, gap: 12, emoji: 30, dot: 12, emojiGap: 10, text: 24 };
const FOOTER_Y = 560;
/** The logo's frame: a canvas-coloured rounded square, with a soft shadow under it. */
const FRAME = {
  x: LOGO.x - LOGO.border,
  y: LOGO_Y - LOGO.border,
  size: LOGO.size + 2 * LOGO.border,
  radius: LOGO.radius + LOGO.border,
};
/** A rectangle of the card, in px. */
interface Area {
  left: number;
  top: number;
  width: number;
  height: number;
}
/** The avatar's square (or the white under a logo), with room for antialiasing. */
const AVATAR_AREA: Area = {
  left: LOGO.x - 2,
  top: LOGO_Y - 2,
  width: LOGO.size + 4,
  height: LOGO.size + 4,
};
/** The right of the name, the place and the pills, with room for antialiasing. */
const CONTENT_RIGHT = TEXT_RIGHT + LOGO.border / 2 + 4;

const svgPage = (width: number, height: number, body: string[], offset = { left: 0, top: 0 }) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${offset.left} ${offset.top} ${width} ${height}">
  <defs><filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="10"/></filter></defs>
  ${body.join('\n  ')}
</svg>`;

function textElement(
  x: number,
  y: number,
  value: string,
  style: TextStyle,
  fill: string,
  extra = '',
): string {
  return `<text x="${round(x)}" y="${round(y)}" font-family="${svgFontFamily}" font-size="${style.size}" font-weight="${style.bold ? 600 : 400}" fill="${fill}"${extra}>${escapeMarkup(value)}</text>`;
}

function frameSvg(): string[] {
  return [
    `<rect x="${FRAME.x}" y="${FRAME.y + 6}" width="${FRAME.size}" height="${FRAME.size}" rx="${FRAME.radius}" fill="${palette.ink}" opacity="0.10" filter="url(#soft)"/>`,
    `<rect x="${FRAME.x}" y="${FRAME.y}" width="${FRAME.size}" height="${FRAME.size}" rx="${FRAME.radius}" fill="${palette.canvas}"/>`,
  ];
}

/** The site's mark and name, and its address. */
function footerSvg(host: string): string[] {
  const markSize = 44;
  return [
    `<g transform="translate(${CONTENT_LEFT} ${FOOTER_Y}) scale(${markSize / 32})">${brandMarkSvg}</g>`,
    textElement(
      CONTENT_LEFT + markSize + 14,
      FOOTER_Y + 31,
      siteName,
      { size: 26, bold: true },
      palette.ink,
    ),
    textElement(
      TEXT_RIGHT + LOGO.border / 2,
      FOOTER_Y + 30,
      cardText(host),
      { size: 22, bold: false },
      palette.inkSubtle,
      ' text-anchor="end"',
    ),
  ];
}

/** An SVG drawn over the card's canvas colour, as RGB pixels. */
async function onCanvas(body: string[]): Promise<Canvas> {
  const { data, info } = await sharp({
    create: {
      width: SHARE_CARD_WIDTH,
      height: SHARE_CARD_HEIGHT,
      channels: 3,
      background: palette.canvas,
    },
  })
    .composite([{ input: Buffer.from(svgPage(SHARE_CARD_WIDTH, SHARE_CARD_HEIGHT, body)) }])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

interface StaticLayers {
  /** The canvas with the band's gradient, the logo's frame and the footer: a card without banner. */
  withGradient: Canvas;
  /** The canvas with the footer only: a banner goes on it, then the frame. */
  bare: Canvas;
  /** The logo's frame and its shadow, to paint over a banner. */
  frame: Layer;
}

/** What every card of this host shares, drawn once. */
const staticLayers = new Map<string, Promise<StaticLayers>>();
function staticLayersOf(host: string): Promise<StaticLayers> {
  // A process serves one host; a few are kept in case it is configured with another.
  if (!staticLayers.has(host) && staticLayers.size > 4) staticLayers.clear();
  return kept(staticLayers, host, async () => {
    const margin = 40;
    const area = {
      left: FRAME.x - margin,
      top: FRAME.y - margin,
      width: FRAME.size + 2 * margin,
      height: FRAME.size + 6 + 2 * margin,
    };
    const [withGradient, bare, frame] = await Promise.all([
      onCanvas([bandGradient(), ...frameSvg(), ...footerSvg(host)]),
      onCanvas(footerSvg(host)),
      rasterize(svgPage(area.width, area.height, frameSvg(), area)),
    ]);
    return { withGradient, bare, frame: { ...frame, left: area.left, top: area.top } };
  });
}

/**
 * How a card with a banner or logo photo is written: a photo is noise to zlib without row
 * filters, so it keeps sharp's adaptive filters, at level 6. A card without photos is flat
 * colour, a gradient and text: plain-png.ts writes it without filters at level 3.
 */
const photoPng = { compressionLevel: 6, adaptiveFiltering: true } as const;

/** The rows the layers cover, top inclusive, bottom exclusive (an empty band when there are none). */
function rowsPainted(layers: Layer[]): { top: number; bottom: number } {
  if (layers.length === 0) return { top: 0, bottom: 0 };
  return {
    top: Math.min(...layers.map((layer) => layer.top)),
    bottom: Math.max(...layers.map((layer) => layer.top + layer.height)),
  };
}

/**
 * Canvases of finished drawings, to be written over by the next (a copy of the static layers):
 * 2.3 MB each, allocated once rather than once a card, which kept the garbage collector busy.
 */
const spareCanvases: Buffer[] = [];
function canvasFrom(base: Canvas): Canvas {
  const data = spareCanvases.pop() ?? Buffer.allocUnsafe(base.data.length);
  base.data.copy(data);
  return { ...base, data };
}

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

/** Draws the card as PNG. */
export async function drawShareCard(content: ShareCardContent): Promise<Buffer> {
  const layers: Layer[] = [];
  const text = textElement;

  // Banner, or the profile page's gradient when there is none (or it cannot be read). One image
  // after the other: a drawing takes one of libuv's threads at a time (ADR 026).
  const still = await staticLayersOf(content.host);
  const banner = content.banner
    ? await rounded(content.banner, BAND.width, BAND.height, BAND.radius).catch(() => null)
    : null;
  const logo = content.logo
    ? await rounded(content.logo, LOGO.size, LOGO.size, LOGO.radius).catch(() => null)
    : null;

  // The logo in its frame (drawn once, with the band) overlapping the band, or the initial avatar.
  let avatar: Promise<Layer>;
  let avatarKey = 'logo';
  if (logo) {
    avatar = avatarLayer(avatarKey, [
      `<rect x="${LOGO.x}" y="${LOGO_Y}" width="${LOGO.size}" height="${LOGO.size}" rx="${LOGO.radius}" fill="${palette.surface}"/>`,
    ]);
  } else {
    const tone = coloursOf(avatarToneOf(content.name));
    const initial = initialOf(content.name);
    const initialSize = Math.round(LOGO.size * 0.46);
    avatarKey = `${tone.ink}\n${initial}`;
    avatar = avatarLayer(avatarKey, [
      `<rect x="${LOGO.x}" y="${LOGO_Y}" width="${LOGO.size}" height="${LOGO.size}" rx="${LOGO.radius}" fill="${tone.soft}"/>`,
      text(
        LOGO.x + LOGO.size / 2,
        LOGO_Y + LOGO.size / 2 + initialSize * 0.36,
        initial,
        { size: initialSize, bold: true },
        tone.ink,
        ' text-anchor="middle"',
      ),
    ]);
  }

  // The name beside the logo, below the band; the place under it. Lines are drawn by Pango
  // (textLayer); only those it cannot place go to an SVG of the head.
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
  let headBottom = baseline + name.size * 0.4;
  const placeText = cardText(content.place);
  let pillsTop = Math.max(PILLS_Y, baseline + 36);
  if (placeText) {
    const style = { size: 28, bold: false };
    const flag = content.flagEmoji ? await emojiImage(content.flagEmoji, 30) : null;
    const placeBaseline = baseline + 46;
    pillsTop = Math.max(PILLS_Y, placeBaseline + 30);
    headBottom = placeBaseline + 14;
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

  // The first categories as pills, as many as fit on one line, then '+N more'.
  const row = pills(content.categories, pillsTop, layers);

  // What is left of the head is drawn in its own area, not one the size of the card: librsvg's
  // cost goes with the area. Areas' corners are whole pixels, so text lands where one drawing
  // would put it.
  const written = await Promise.all(lines.map(textLayer));
  const head = lines.flatMap((line, index) =>
    written[index] ? [] : [text(line.x, line.baseline, line.value, line.style, line.fill)],
  );
  const headTop = BAND.y + BAND.height + 2;
  const avatarDrawn = await avatar;
  const drawn = [
    avatarDrawn,
    ...written.filter((layer): layer is Layer => layer !== null),
    ...(pinAt ? [await pinLayer(pinAt.x, pinAt.y)] : []),
    ...(head.length > 0
      ? [
          await placed(head, {
            left: TEXT_X - 4,
            top: headTop,
            width: CONTENT_RIGHT - (TEXT_X - 4),
            height: Math.ceil(headBottom) - headTop,
          }),
        ]
      : []),
    ...(await row),
  ];

  // Bottom up: the canvas (with the gradient, or the banner and the frame over it), the card's
  // own drawing, then the logo and the emoji in the places the drawing left for them.
  const base = banner ? still.bare : still.withGradient;
  const canvas = canvasFrom(base);
  if (banner) {
    paint(canvas, { ...banner, left: BAND.x, top: BAND.y });
    paint(canvas, still.frame);
  }
  for (const layer of drawn) paint(canvas, layer);
  if (logo) paint(canvas, { ...logo, left: LOGO.x, top: LOGO_Y });
  for (const layer of layers) paint(canvas, layer);
  try {
    if (banner || logo) {
      return await sharp(canvas.data, {
        raw: { width: canvas.width, height: canvas.height, channels: 3 },
      })
        .png(photoPng)
        .toBuffer();
    }
    // The avatar's rows above the name are the same on every card with this avatar: they are
    // deflated once, as the base's are, not on every card (they are mostly the gradient, which
    // took two thirds of a card's deflating).
    const own = rowsPainted([...drawn.slice(1), ...layers]);
    const band = {
      top: own.top,
      bottom: Math.max(own.bottom, avatarDrawn.top + avatarDrawn.height),
    };
    return await plainPng(canvas, base, band, { key: avatarKey, top: avatarDrawn.top });
  } finally {
    if (spareCanvases.length < 4) spareCanvases.push(canvas.data);
  }
}

/**
 * Pills drawn so far, by everything that makes their pixels (the label, colours, icon, width and
 * where they fall within a pixel): the same few dozen categories are on card after card, and a
 * pill is drawn by librsvg once rather than once a card.
 */
const pillImages = new LRUCache<string, Promise<Pixels>>({ max: 1000 });

/** One pill, drawn where its left edge is x 2 and at its own top, as a layer for `left`. */
async function pillLayer(
  left: number,
  top: number,
  width: number,
  label: string,
  colours: { ink: string; soft: string },
  icon: 'emoji' | 'dot' | 'none',
): Promise<Layer> {
  const area = {
    left: 0,
    top: Math.floor(top) - 2,
    width: Math.ceil(width) + 4,
    height: PILL.height + 5,
  };
  const key = [label, colours.ink, colours.soft, icon, width, top - Math.floor(top)].join('\n');
  const found = kept(pillImages, key, () => {
    const x = 2;
    const middle = top + PILL.height / 2;
    const iconX = x + PILL.paddingX;
    const style = { size: PILL.text, bold: true };
    const svg = [
      `<rect x="${x}" y="${top}" width="${round(width)}" height="${PILL.height}" rx="${PILL.height / 2}" fill="${colours.soft}"/>`,
    ];
    if (icon === 'dot') {
      svg.push(
        `<circle cx="${round(iconX + PILL.dot / 2)}" cy="${middle}" r="${PILL.dot / 2}" fill="${colours.ink}"/>`,
      );
    }
    const textX =
      icon === 'none' ? iconX : iconX + (icon === 'emoji' ? PILL.emoji : PILL.dot) + PILL.emojiGap;
    svg.push(textElement(textX, middle + PILL.text * 0.36, label, style, colours.ink));
    return rasterize(svgPage(area.width, area.height, svg, area));
  });
  return { ...(await found), left: left - 2, top: area.top };
}

/** The pills' layers, left to right; their emoji go to `layers`, to be painted over them. */
async function pills(
  categories: ShareCardContent['categories'],
  top: number,
  layers: Layer[],
): Promise<Layer[]> {
  const style = { size: PILL.text, bold: true };
  const available = TEXT_RIGHT + LOGO.border / 2 - CONTENT_LEFT;
  const laid: { width: number; label: string; emoji: Pixels | null }[] = [];
  const moreLabel = (count: number) => `+${count} more`;
  const widthOf = async (label: string, icon: number) =>
    PILL.paddingX * 2 + (icon > 0 ? icon + PILL.emojiGap : 0) + (await measure(label, style));
  let used = 0;
  for (const [index, category] of categories.slice(0, 4).entries()) {
    const label = await truncate(cardText(category.name), style, 420);
    const emoji = await emojiImage(category.emoji, 26, PILL.emoji);
    const width = await widthOf(label, emoji ? PILL.emoji : PILL.dot);
    const remaining = categories.length - index - 1;
    const reserve = remaining > 0 ? PILL.gap + (await widthOf(moreLabel(remaining), 0)) : 0;
    const gap = laid.length > 0 ? PILL.gap : 0;
    if (used + gap + width + reserve > available && laid.length > 0) break;
    laid.push({ width, label, emoji });
    used += gap + width;
  }
  const drawn: Promise<Layer>[] = [];
  let x = CONTENT_LEFT;
  const middle = top + PILL.height / 2;
  for (const [index, pill] of laid.entries()) {
    const colours = coloursOf(categories[index]!.groupId);
    drawn.push(pillLayer(x, top, pill.width, pill.label, colours, pill.emoji ? 'emoji' : 'dot'));
    if (pill.emoji) {
      layers.push({
        ...pill.emoji,
        left: Math.round(x + PILL.paddingX + (PILL.emoji - pill.emoji.width) / 2),
        top: Math.round(middle - pill.emoji.height / 2),
      });
    }
    x += pill.width + PILL.gap;
  }
  const hidden = categories.length - laid.length;
  if (hidden > 0) {
    const label = moreLabel(hidden);
    const width = await widthOf(label, 0);
    drawn.push(
      pillLayer(x, top, width, label, { ink: palette.inkMuted, soft: palette.sunken }, 'none'),
    );
  }
  return Promise.all(drawn);
}

/** The profile page's banner gradient: brand to teal to green, with two soft lights. */
function bandGradient(): string {
  const { x, y, width, height, radius } = BAND;
  return `<defs>
    <linearGradient id="band" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${palette.brand}"/>
      <stop offset="0.5" stop-color="${palette.scaleInk}"/>
      <stop offset="1" stop-color="${palette.impactInk}"/>
    </linearGradient>
    <radialGradient id="light" cx="${x + width * 0.2}" cy="${y + height * 0.2}" r="420" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="${palette.highlight}" stop-opacity="0.3"/>
      <stop offset="1" stop-color="${palette.highlight}" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="mist" cx="${x + width * 0.85}" cy="${y + height * 0.7}" r="380" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="${palette.brandSoft}" stop-opacity="0.4"/>
      <stop offset="1" stop-color="${palette.brandSoft}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${radius}" fill="url(#band)"/>
  <rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${radius}" fill="url(#light)"/>
  <rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${radius}" fill="url(#mist)"/>`;
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
