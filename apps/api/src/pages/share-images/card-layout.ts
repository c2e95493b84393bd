import type { Layer } from './raw-layers.ts';

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
export const coloursOf = (groupId: string) => groupColours[groupId] ?? brandColours;

// Inter when the host has it, else the metric twin the web app falls back to, else any sans.
export const FONT_STACK = [
  'Inter',
  'Liberation Sans',
  'Arial',
  'Helvetica',
  'DejaVu Sans',
  'sans-serif',
];
const svgFontFamily = FONT_STACK.map((family) => (family.includes(' ') ? `'${family}'` : family))
  .join(', ')
  .replace(/'sans-serif'/, 'sans-serif');
export const EMOJI_FONT =
  'Noto Color Emoji, Apple Color Emoji, Segoe UI Emoji, Twemoji Mozilla, emoji';

export interface TextStyle {
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

/** An image as RGBA pixels, before it is placed. */
export type Pixels = Omit<Layer, 'left' | 'top'>;

export const round = (value: number) => Math.round(value * 10) / 10;

// Layout, in px of the 1200x630 card.
const MARGIN = 40;
export const BAND = {
  x: MARGIN,
  y: MARGIN,
  width: SHARE_CARD_WIDTH - 2 * MARGIN,
  height: 190,
  radius: 28,
};
export const LOGO = { x: 84, size: 172, border: 8, radius: 26 };
export const LOGO_Y = BAND.y + BAND.height - 92;
export const TEXT_X = LOGO.x + LOGO.size + 40;
export const TEXT_RIGHT = SHARE_CARD_WIDTH - 84;
export const CONTENT_LEFT = LOGO.x - LOGO.border / 2;
export const PILLS_Y = 468;
export const PILL = {
  height: 54,
  paddingX: 20,
  gap: 12,
  emoji: 30,
  dot: 12,
  emojiGap: 10,
  text: 24,
};
export const FOOTER_Y = 560;
/** The logo's frame: a canvas-coloured rounded square, with a soft shadow under it. */
export const FRAME = {
  x: LOGO.x - LOGO.border,
  y: LOGO_Y - LOGO.border,
  size: LOGO.size + 2 * LOGO.border,
  radius: LOGO.radius + LOGO.border,
};
/** A rectangle of the card, in px. */
export interface Area {
  left: number;
  top: number;
  width: number;
  height: number;
}
/** The avatar's square (or the white under a logo), with room for antialiasing. */
export const AVATAR_AREA: Area = {
  left: LOGO.x - 2,
  top: LOGO_Y - 2,
  width: LOGO.size + 4,
  height: LOGO.size + 4,
};
/** The right of the name, the place and the pills, with room for antialiasing. */
export const CONTENT_RIGHT = TEXT_RIGHT + LOGO.border / 2 + 4;

export const svgPage = (
  width: number,
  height: number,
  body: string[],
  offset = { left: 0, top: 0 },
) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${offset.left} ${offset.top} ${width} ${height}">
  <defs><filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="10"/></filter></defs>
  ${body.join('\n  ')}
</svg>`;

export function textElement(
  x: number,
  y: number,
  value: string,
  style: TextStyle,
  fill: string,
  extra = '',
): string {
  return `<text x="${round(x)}" y="${round(y)}" font-family="${svgFontFamily}" font-size="${style.size}" font-weight="${style.bold ? 600 : 400}" fill="${fill}"${extra}>${escapeMarkup(value)}</text>`;
}
