import { LRUCache } from 'lru-cache';
import {
  CONTENT_LEFT,
  coloursOf,
  LOGO,
  palette,
  PILL,
  round,
  svgPage,
  TEXT_RIGHT,
  textElement,
  type Pixels,
} from './card-layout.ts';
import { emojiImage } from './card-images.ts';
import { cardText, measure, truncate } from './card-text.ts';
import { kept } from './kept-drawings.ts';
import { rasterize, type Layer } from './raw-layers.ts';
import type { ShareCardContent } from './share-card.ts';

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
export async function pills(
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
