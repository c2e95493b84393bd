import sharp from 'sharp';

/** The site's mark (as in the web app's LogoMark and favicon), drawn in a 32x32 box. */
export const brandMarkSvg =
  '<rect width="32" height="32" rx="8" fill="#0f5e57"/><path d="M8 21.5 14 15l4 4 6-8" fill="none" stroke="#ffffff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/><circle cx="24" cy="11" r="2.2" fill="#f5c26b"/>';

/**
 * The site's link-preview card (1200x630, the size LinkedIn, Slack and X expect): the brand
 * mark on the brand colour, drawn from SVG without text so it needs no fonts on the server.
 */
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0b4a44"/>
      <stop offset="1" stop-color="#137a70"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#sky)"/>
  <circle cx="1040" cy="110" r="260" fill="#ffffff" opacity="0.05"/>
  <circle cx="160" cy="560" r="220" fill="#ffffff" opacity="0.04"/>
  <g transform="translate(420 135) scale(11.25)">
    ${brandMarkSvg}
    <rect width="32" height="32" rx="8" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="0.4"/>
  </g>
</svg>`;

let rendered: Promise<Buffer> | null = null;

export function renderPreviewImage(): Promise<Buffer> {
  rendered ??= sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  return rendered;
}
