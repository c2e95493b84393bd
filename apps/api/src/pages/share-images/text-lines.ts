import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import {
  escapeMarkup,
  palette,
  svgPage,
  textElement,
  type Pixels,
  type TextStyle,
} from './card-layout.ts';
import { barsWidth, graphemes, measure, pangoFont } from './card-text.ts';
import { kept } from './kept-drawings.ts';
import { rasterize, type Layer } from './raw-layers.ts';

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
export interface TextLine {
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
export async function placeParts(
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
export async function textLayer(line: TextLine): Promise<Layer | null> {
  const { x, baseline, style } = line;
  const [metrics, pixels] = await Promise.all([barMetricsOf(style), lineImage(line)]);
  if (pixels.height !== metrics.height) return null;
  return {
    ...pixels,
    left: Math.round(x - metrics.advance + metrics.inkLeft),
    top: Math.round(baseline - metrics.ascent),
  };
}
