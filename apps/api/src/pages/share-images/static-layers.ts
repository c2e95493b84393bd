import sharp from 'sharp';
import { siteName } from '@si/contracts';
import {
  BAND,
  CONTENT_LEFT,
  FOOTER_Y,
  FRAME,
  LOGO,
  palette,
  SHARE_CARD_HEIGHT,
  SHARE_CARD_WIDTH,
  svgPage,
  TEXT_RIGHT,
  textElement,
} from './card-layout.ts';
import { cardText } from './card-text.ts';
import { kept } from './kept-drawings.ts';
import { brandMarkSvg } from './preview-image.ts';
import { rasterize, type Canvas, type Layer } from './raw-layers.ts';

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

export interface StaticLayers {
  /** The canvas with the band's gradient, the logo's frame and the footer: a card without banner. */
  withGradient: Canvas;
  /** The canvas with the footer only: a banner goes on it, then the frame. */
  bare: Canvas;
  /** The logo's frame and its shadow, to paint over a banner. */
  frame: Layer;
}

/** What every card of this host shares, drawn once. */
const staticLayers = new Map<string, Promise<StaticLayers>>();
export function staticLayersOf(host: string): Promise<StaticLayers> {
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
