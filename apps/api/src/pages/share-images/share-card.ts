import sharp from 'sharp';
import { BAND, LOGO, LOGO_Y } from './card-layout.ts';
import { avatarOf, headLayers, headOf } from './card-head.ts';
import { rounded } from './card-images.ts';
import { pills } from './pills.ts';
import { plainPng } from './plain-png.ts';
import { paint, type Canvas, type Layer } from './raw-layers.ts';
import { staticLayersOf } from './static-layers.ts';

export { groupColours, palette, SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH } from './card-layout.ts';
export { measureAlphabet } from './card-text.ts';

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

/** Draws the card as PNG. */
export async function drawShareCard(content: ShareCardContent): Promise<Buffer> {
  const layers: Layer[] = [];

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
  const avatar = avatarOf(content.name, logo !== null);
  // The name and the place; lines are drawn by Pango, only those it cannot place by SVG.
  const head = await headOf(content, layers);
  // The first categories as pills, as many as fit on one line, then '+N more'.
  const row = pills(content.categories, head.pillsTop, layers);
  const written = await headLayers(head);
  const avatarDrawn = await avatar.layer;
  const drawn = [avatarDrawn, ...written, ...(await row)];

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
    return await plainPng(canvas, base, band, { key: avatar.key, top: avatarDrawn.top });
  } finally {
    if (spareCanvases.length < 4) spareCanvases.push(canvas.data);
  }
}
