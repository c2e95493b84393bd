/**
 * Demo logos and banners, drawn as SVG and encoded to WebP with sharp. Nothing is downloaded;
 * the only text is one or two capital initials in the generic sans-serif font.
 */
import sharp from 'sharp';

const LOGO_SIZE = 256;
const BANNER_WIDTH = 1280;
const BANNER_HEIGHT = 360;

/** FNV-1a, 32 bits: a small, stable string hash. */
function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Stable hue (0-359) for an organization name, so its images keep their colour between seeds. */
export function hueForName(name: string): number {
  return hashString(name.trim().toLowerCase()) % 360;
}

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** HSL to #rrggbb; computed here so the SVG needs only plain hex colours. */
function hsl(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = Math.min(Math.max(saturation, 0), 100) / 100;
  const l = Math.min(Math.max(lightness, 0), 100) / 100;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (offset: number): string => {
    let t = h + offset;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    let value: number;
    if (t < 1 / 6) value = p + (q - p) * 6 * t;
    else if (t < 1 / 2) value = q;
    else if (t < 2 / 3) value = p + (q - p) * (2 / 3 - t) * 6;
    else value = p;
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(1 / 3)}${channel(0)}${channel(-1 / 3)}`;
}

/**
 * Yellows, greens and cyans look much lighter than blues at the same HSL lightness; this
 * darkens them so white initials stay readable on every hue.
 */
function readableLightness(hue: number, lightness: number): number {
  const h = ((hue % 360) + 360) % 360;
  const distance = Math.min(Math.abs(h - 100), 360 - Math.abs(h - 100));
  const yellowness = Math.max(0, Math.cos((distance * Math.PI) / 180));
  return lightness - 15 * yellowness;
}

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const MINOR_WORDS = new Set([
  'a',
  'an',
  'and',
  'the',
  'of',
  'for',
  'de',
  'del',
  'da',
  'do',
  'des',
  'du',
  'la',
  'le',
  'el',
  'y',
  'e',
  'et',
  'und',
]);

/** One or two capital initials, A-Z or 0-9 only, so any sans-serif font can draw them. */
function initialsFor(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9\s-]/g, '')
    .split(/[\s-]+/)
    .filter(Boolean);
  const major = words.filter((word) => !MINOR_WORDS.has(word.toLowerCase()));
  const picked = (major.length > 0 ? major : words).slice(0, 2);
  const initials = picked.map((word) => word.charAt(0).toUpperCase()).join('');
  return initials || 'O';
}

const round = (value: number): number => Math.round(value * 10) / 10;

function toWebp(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: 88, effort: 4 }).toBuffer();
}

/** A 256x256 WebP logo: a circle or rounded square in the organization's hue, a simple motif and its initials in white. */
export async function renderDemoLogo(name: string, hue: number): Promise<Buffer> {
  const hash = hashString(name);
  const random = seededRandom(hash);
  const size = LOGO_SIZE;
  const light = hsl(hue, 70, readableLightness(hue, 52));
  const dark = hsl(hue + 28, 68, readableLightness(hue + 28, 36));
  const accent = hsl(hue - 35, 85, 72);
  const clipId = 'badge';

  const isCircle = hash % 3 === 0;
  const radius = [28, 48, 64][hash % 3] ?? 48;
  const badge = isCircle
    ? `<circle cx="128" cy="128" r="128"/>`
    : `<rect width="${size}" height="${size}" rx="${radius}" ry="${radius}"/>`;

  const motifs = [
    // A large soft circle rising from one corner.
    () => {
      const cx = random() < 0.5 ? 40 : 216;
      return `<circle cx="${cx}" cy="226" r="${round(96 + random() * 30)}" fill="${accent}" fill-opacity="0.28"/>`;
    },
    // Two layered waves along the bottom.
    () => {
      const a = round(180 + random() * 20);
      const b = round(205 + random() * 15);
      return (
        `<path d="M0 ${a} C 64 ${a - 28}, 128 ${a + 28}, 256 ${a - 8} L256 256 L0 256 Z" fill="${accent}" fill-opacity="0.25"/>` +
        `<path d="M0 ${b} C 80 ${b + 20}, 160 ${b - 30}, 256 ${b + 6} L256 256 L0 256 Z" fill="#ffffff" fill-opacity="0.14"/>`
      );
    },
    // A diagonal band.
    () =>
      `<path d="M-20 ${round(150 + random() * 40)} L276 ${round(40 + random() * 40)} L276 ${round(110 + random() * 40)} L-20 ${round(230 + random() * 30)} Z" fill="${accent}" fill-opacity="0.24"/>`,
    // A ring behind the initials.
    () =>
      `<circle cx="128" cy="128" r="${round(86 + random() * 12)}" fill="none" stroke="#ffffff" stroke-opacity="0.22" stroke-width="${round(10 + random() * 8)}"/>`,
    // A leaf shape in one corner.
    () =>
      `<path d="M186 40 C 236 40, 236 90, 236 90 C 236 90, 186 90, 186 40 Z" fill="${accent}" fill-opacity="0.55" transform="rotate(${Math.round(random() * 40 - 20)} 211 65)"/>` +
      `<circle cx="52" cy="212" r="16" fill="#ffffff" fill-opacity="0.18"/>`,
    // A cluster of dots.
    () =>
      Array.from({ length: 5 }, (_, i) => {
        const r = round(8 + random() * 14);
        const cx = round(24 + i * 50 + random() * 10);
        const cy = round(206 + random() * 30);
        return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${accent}" fill-opacity="${round(0.2 + random() * 0.3)}"/>`;
      }).join(''),
  ];
  const motif = motifs[(hash >>> 3) % motifs.length]?.() ?? '';

  const initials = escapeXml(initialsFor(name));
  const fontSize = initials.length > 1 ? 100 : 124;
  const baseline = round(128 + fontSize * 0.36);

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${light}"/>
      <stop offset="1" stop-color="${dark}"/>
    </linearGradient>
    <clipPath id="${clipId}">${badge}</clipPath>
  </defs>
  <g clip-path="url(#${clipId})">
    <rect width="${size}" height="${size}" fill="url(#bg)"/>
    ${motif}
  </g>
  <text x="128" y="${baseline + 3}" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${fontSize}" fill="#000000" fill-opacity="0.18" letter-spacing="2">${initials}</text>
  <text x="128" y="${baseline}" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${fontSize}" fill="#ffffff" letter-spacing="2">${initials}</text>
</svg>`;
  return toWebp(svg);
}

/** A 1280x360 WebP banner: an abstract composition of gradients, circles and waves in related hues. */
export async function renderDemoBanner(name: string, hue: number): Promise<Buffer> {
  const hash = hashString(`${name}#banner`);
  const random = seededRandom(hash);
  const w = BANNER_WIDTH;
  const h = BANNER_HEIGHT;
  const shift = 25 + Math.round(random() * 35);
  const start = hsl(hue, 62, 34);
  const end = hsl(hue + shift, 70, 52);
  const glow = hsl(hue - 20, 90, 75);
  const soft = hsl(hue + shift / 2, 75, 66);

  const glows = Array.from({ length: 3 }, (_, i) => {
    const cx = round(((i + 0.3 + random() * 0.5) * w) / 3);
    const cy = round(random() * h);
    const r = round(160 + random() * 160);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#glow)"/>`;
  }).join('');

  const waves = (count: number): string =>
    Array.from({ length: count }, (_, i) => {
      const base = round(h * (0.5 + (i * 0.5) / count) + random() * 20);
      const amp = round(30 + random() * 50);
      const phase = round(random() * 400);
      const color = hsl(hue + i * (shift / count) + 10, 70, 62 + i * 6);
      return `<path d="M0 ${base} C ${round(220 + phase)} ${round(base - amp)}, ${round(640 - phase / 2)} ${round(base + amp)}, ${round(w / 2 + phase / 2)} ${base} S ${w - 160} ${round(base - amp)}, ${w} ${round(base + amp / 3)} L${w} ${h} L0 ${h} Z" fill="${color}" fill-opacity="${round(0.18 + i * 0.06)}"/>`;
    }).join('');

  const circles = (): string =>
    Array.from({ length: 7 }, () => {
      const r = round(18 + random() * 110);
      const cx = round(random() * w);
      const cy = round(random() * h);
      const filled = random() < 0.6;
      return filled
        ? `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${soft}" fill-opacity="${round(0.12 + random() * 0.18)}"/>`
        : `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#ffffff" stroke-opacity="${round(0.15 + random() * 0.2)}" stroke-width="${round(2 + random() * 6)}"/>`;
    }).join('');

  const bands = (): string =>
    Array.from({ length: 4 }, (_, i) => {
      const x = round(i * 320 + random() * 120 - 60);
      const width = round(120 + random() * 160);
      return `<path d="M${x} ${h} L${round(x + 260)} 0 L${round(x + 260 + width)} 0 L${round(x + width)} ${h} Z" fill="${i % 2 === 0 ? soft : '#ffffff'}" fill-opacity="${round(0.07 + random() * 0.1)}"/>`;
    }).join('');

  const ridges = (): string =>
    Array.from({ length: 3 }, (_, i) => {
      const points: string[] = [`0,${h}`];
      const steps = 6 + Math.floor(random() * 4);
      for (let s = 0; s <= steps; s += 1) {
        const x = round((s / steps) * w);
        const y = round(h * (0.35 + i * 0.18) + (random() - 0.5) * 110);
        points.push(`${x},${y}`);
      }
      points.push(`${w},${h}`);
      const color = hsl(hue + shift - i * 12, 55, 28 + i * 10);
      return `<polygon points="${points.join(' ')}" fill="${color}" fill-opacity="${round(0.35 + i * 0.15)}" stroke-linejoin="round"/>`;
    }).join('');

  const dots = (): string => {
    const cols = 11;
    const rows = 6;
    const x0 = round(w * (0.55 + random() * 0.15));
    const y0 = round(40 + random() * 60);
    const items: string[] = [];
    for (let r = 0; r < rows; r += 1) {
      for (let c = 0; c < cols; c += 1) {
        items.push(
          `<circle cx="${round(x0 + c * 26)}" cy="${round(y0 + r * 26)}" r="3" fill="#ffffff" fill-opacity="0.35"/>`,
        );
      }
    }
    return items.join('');
  };

  const compositions = [
    () => waves(4) + dots(),
    () => circles() + waves(2),
    () => bands() + circles(),
    () => ridges() + dots(),
    () => waves(3) + circles(),
  ];
  const composition = compositions[hash % compositions.length]?.() ?? '';
  const angle = Math.round(random() * 60 - 30);

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="0" gradientTransform="rotate(${angle} 0.5 0.5)">
      <stop offset="0" stop-color="${start}"/>
      <stop offset="1" stop-color="${end}"/>
    </linearGradient>
    <radialGradient id="glow">
      <stop offset="0" stop-color="${glow}" stop-opacity="0.45"/>
      <stop offset="1" stop-color="${glow}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.55" stop-color="#000000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0.18"/>
    </linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  ${glows}
  ${composition}
  <rect width="${w}" height="${h}" fill="url(#shade)"/>
</svg>`;
  return toWebp(svg);
}
