import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { escapeMarkup, FONT_STACK, type TextStyle } from './card-layout.ts';
import { kept } from './kept-drawings.ts';

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
export const graphemes = (value: string) =>
  Array.from(segmenter.segment(value), (part) => part.segment);

export const pangoFont = ({ size, bold }: TextStyle) =>
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
export function measure(text: string, style: TextStyle): Promise<number> {
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
export const barsWidth = (font: string) =>
  kept(measured, `${font}\n||`, () => inkWidth('||', font));

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
export async function truncate(text: string, style: TextStyle, maxWidth: number): Promise<string> {
  if (await fits(text, style, maxWidth)) return text;
  const parts = graphemes(text);
  const count = await longestStart(parts, '…', style, maxWidth);
  const cut = parts.slice(0, count).join('');
  const space = cut.lastIndexOf(' ');
  const kept = space > cut.length * 0.6 ? cut.slice(0, space) : cut;
  return `${kept.trimEnd().replace(/[\s,.;:–-]+$/u, '')}…`;
}

/** The name's lines: large on up to two lines, smaller on three, then cut with an ellipsis. */
export async function nameLines(name: string, maxWidth: number) {
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
