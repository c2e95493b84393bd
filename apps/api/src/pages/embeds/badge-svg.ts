import { embedTexts, type EmbedTheme } from '@si/contracts';
import { escapeHtml } from '../head-tags.ts';

/** What a badge shows: a published organization (verified or not), or nothing of anyone. */
export type BadgeSubject = { kind: 'listed'; verifiedDomain: string | null } | { kind: 'neutral' };

const HEIGHT = 28;
const FONT_SIZE = 12;
/** The mark's space on the left, and each segment's padding. */
const MARK_WIDTH = 26;
const PADDING = 10;
/** A domain is at most 253 characters: the badge shows its first ones, then an ellipsis. */
const DOMAIN_SHOWN = 40;

/**
 * The host's own sans-serif: an image that fetches no font. Its width differs per system, so
 * each text is drawn with `textLength` at the width estimated here, and always fits its box.
 */
const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** Widths in em of a semibold sans-serif at small sizes, by kind of character. */
function emWidth(character: string): number {
  if (/[ijlI.,:;'!|]/.test(character)) return 0.28;
  if (/[ft r()-]/.test(character)) return 0.36;
  if (/[mwMW]/.test(character)) return 0.88;
  if (/[A-Z]/.test(character)) return 0.68;
  if (/[0-9]/.test(character)) return 0.58;
  return 0.56;
}

const textWidth = (text: string) =>
  Math.ceil([...text].reduce((sum, character) => sum + emWidth(character), 0) * FONT_SIZE);

/** The two looks: the project's ink and brand colours on white, and their night versions. */
const palettes = {
  light: {
    background: '#ffffff',
    line: '#c9c3b8',
    ink: '#1b1a17',
    mark: '#0f5e57',
    markInk: '#ffffff',
    verified: '#0f5e57',
    verifiedInk: '#ffffff',
  },
  dark: {
    background: '#1b1a17',
    line: '#57534b',
    ink: '#fbfaf7',
    mark: '#5fc4b8',
    markInk: '#1b1a17',
    verified: '#5fc4b8',
    verifiedInk: '#10201e',
  },
} satisfies Record<EmbedTheme, Record<string, string>>;

const shownDomain = (domain: string) =>
  domain.length > DOMAIN_SHOWN ? `${domain.slice(0, DOMAIN_SHOWN - 1)}…` : domain;

/**
 * The badge as an SVG document (ADR 052): "Listed on Scaling Impact", and for a verified
 * organization a second segment "Verified <domain>"; an unknown or unpublished organization
 * gets the site's name alone. Nothing in it is fetched, and its title names what it shows.
 */
export function badgeSvg(subject: BadgeSubject, theme: EmbedTheme): string {
  const colours = palettes[theme];
  const label = subject.kind === 'listed' ? embedTexts.badgeListed : embedTexts.badgeNeutral;
  const domain = subject.kind === 'listed' ? subject.verifiedDomain : null;
  const title =
    subject.kind === 'listed' ? embedTexts.badgeTitle(domain) : embedTexts.badgeNeutralTitle;
  const labelWidth = textWidth(label);
  const left = MARK_WIDTH + labelWidth + PADDING;
  const verifiedText = domain ? embedTexts.badgeVerified(shownDomain(domain)) : null;
  const verifiedWidth = verifiedText ? textWidth(verifiedText) : 0;
  // The check mark's 14 px, then the text.
  const right = verifiedText ? PADDING + 14 + verifiedWidth + PADDING : 0;
  const width = left + right;
  const baseline = 18;
  const text = (x: number, value: string, length: number, fill: string) =>
    `<text x="${x}" y="${baseline}" fill="${fill}" textLength="${length}" lengthAdjust="spacingAndGlyphs">${escapeHtml(value)}</text>`;

  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT}" viewBox="0 0 ${width} ${HEIGHT}" role="img" aria-labelledby="badge-title">`,
    `<title id="badge-title">${escapeHtml(title)}</title>`,
    `<rect x="0.5" y="0.5" width="${width - 1}" height="${HEIGHT - 1}" rx="6" fill="${colours.background}" stroke="${colours.line}"/>`,
    // The mark: a rising chevron in a disc.
    `<circle cx="15" cy="14" r="8" fill="${colours.mark}"/>`,
    `<path d="M11 16.5 15 11.5 19 16.5" fill="none" stroke="${colours.markInk}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>`,
    `<g font-family="${FONT_FAMILY}" font-size="${FONT_SIZE}" font-weight="600">`,
    text(MARK_WIDTH, label, labelWidth, colours.ink),
  ];
  if (verifiedText) {
    // Rounded on the right only: a rounded box, its left corners squared by a plain one.
    parts.push(
      `<rect x="${left}" y="0" width="${right}" height="${HEIGHT}" rx="6" fill="${colours.verified}"/>`,
      `<rect x="${left}" y="0" width="8" height="${HEIGHT}" fill="${colours.verified}"/>`,
      `<path d="M${left + PADDING} 14.5l3 3 6-7" fill="none" stroke="${colours.verifiedInk}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>`,
      text(left + PADDING + 14, verifiedText, verifiedWidth, colours.verifiedInk),
    );
  }
  parts.push('</g>', '</svg>');
  return parts.join('');
}
