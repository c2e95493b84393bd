import { siteName } from '@si/contracts';

export interface PageHead {
  title: string;
  description: string;
  canonicalUrl: string;
  imageUrl?: string | null;
  /** The image's size in px and its description, for og:image:* and twitter:image:alt. */
  imageWidth?: number;
  imageHeight?: number;
  imageAlt?: string;
  type?: 'website' | 'profile';
  jsonLd?: Record<string, unknown>;
  noIndex?: boolean;
  /** Other forms of the page: a list page's feeds (ADR 053). */
  alternates?: { type: string; title: string; href: string }[];
}

/** Text and attribute values in HTML (and SVG) the server writes by hand. */
export const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** JSON inside <script> must not be able to close the element. */
const safeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** The <head> tags that let crawlers and link previews see a page without running JavaScript. */
export function renderHeadTags(head: PageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}">`,
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonicalUrl),
    meta('name', 'twitter:card', head.imageUrl ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  ];
  if (head.imageUrl) {
    tags.push(meta('property', 'og:image', head.imageUrl));
    if (head.imageWidth && head.imageHeight) {
      tags.push(
        meta('property', 'og:image:width', String(head.imageWidth)),
        meta('property', 'og:image:height', String(head.imageHeight)),
      );
    }
    if (head.imageAlt) tags.push(meta('property', 'og:image:alt', head.imageAlt));
    tags.push(meta('name', 'twitter:image', head.imageUrl));
    if (head.imageAlt) tags.push(meta('name', 'twitter:image:alt', head.imageAlt));
  }
  for (const alternate of head.alternates ?? []) {
    tags.push(
      `<link rel="alternate" type="${escapeHtml(alternate.type)}" title="${escapeHtml(alternate.title)}" href="${escapeHtml(alternate.href)}">`,
    );
  }
  if (head.noIndex) tags.push(meta('name', 'robots', 'noindex'));
  if (head.jsonLd)
    tags.push(`<script type="application/ld+json">${safeJson(head.jsonLd)}</script>`);
  return tags.join('\n    ');
}

/** A description fit for a preview card: one line, about 160 characters, cut at a word. */
export function summarize(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
}
