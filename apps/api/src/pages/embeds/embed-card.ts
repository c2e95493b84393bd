import { createHash } from 'node:crypto';
import { embedTexts, hiringTexts, type EmbedTheme } from '@si/contracts';
import { escapeHtml } from '../head-tags.ts';

/** What the card shows of a published organization. */
export interface CardSubject {
  name: string;
  /** The profile's first line. */
  line: string;
  /** The logo's path on this host (/uploads/...), or null: the name's initial stands in. */
  logo: string | null;
  categories: string[];
  openRoles: number;
  verifiedDomain: string | null;
  /** The profile's absolute address. */
  profileUrl: string;
}

/** Categories shown as pills: one row of a 360 px card. */
const CATEGORIES_SHOWN = 3;

/**
 * The card's only style, in the page: fixed text, so the Content-Security-Policy names it by its
 * hash and allows no other (ADR 052). The host's own fonts: nothing is fetched but the logo.
 */
const CARD_CSS = [
  ':root{--bg:#fff;--line:#e4e0d8;--ink:#1b1a17;--muted:#57534b;--pill:#f3f1ec;--brand:#0f5e57;--on-brand:#fff;color-scheme:light}',
  ':root.dark{--bg:#1b1a17;--line:#3d3a35;--ink:#fbfaf7;--muted:#c9c3b8;--pill:#2a2824;--brand:#5fc4b8;--on-brand:#10201e;color-scheme:dark}',
  '*{box-sizing:border-box;margin:0}',
  'html,body{height:100%;background:transparent}',
  "body{font:14px/1.4 -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;color:var(--ink)}",
  '.card{height:100%;display:flex;flex-direction:column;gap:10px;padding:16px;overflow:hidden;background:var(--bg);border:1px solid var(--line);border-radius:12px}',
  '.head{display:flex;gap:12px;align-items:center;min-width:0}',
  '.logo{flex:none;width:48px;height:48px;border-radius:10px;object-fit:cover;background:var(--pill)}',
  '.initial{display:flex;align-items:center;justify-content:center;font-size:20px;font-weight:600;color:var(--on-brand);background:var(--brand)}',
  '.who{min-width:0}',
  'h1{font-size:16px;font-weight:600;line-height:1.3;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}',
  '.verified{font-size:12px;font-weight:600;color:var(--brand);overflow:hidden;text-overflow:ellipsis;white-space:nowrap}',
  '.line{color:var(--muted);display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}',
  '.pills{display:flex;gap:6px;overflow:hidden;list-style:none;padding:0}',
  '.pills li{flex:none;font-size:12px;padding:2px 8px;border-radius:999px;background:var(--pill);white-space:nowrap}',
  '.foot{margin-top:auto;display:flex;justify-content:space-between;align-items:center;gap:8px;font-size:13px}',
  '.roles{color:var(--muted);white-space:nowrap}',
  'a{color:var(--brand);font-weight:600;text-decoration:none}',
  'a:hover,a:focus-visible{text-decoration:underline}',
  'a:focus-visible{outline:2px solid var(--brand);outline-offset:2px;border-radius:4px}',
].join('');

/** The style's hash, as the card's Content-Security-Policy names it. */
export const CARD_STYLE_HASH = `'sha256-${createHash('sha256').update(CARD_CSS).digest('base64')}'`;

function page(theme: EmbedTheme, title: string, body: string): string {
  return [
    '<!doctype html>',
    `<html lang="en"${theme === 'dark' ? ' class="dark"' : ''}>`,
    '<head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    // A frame's content, not a page to list: the profile is the page.
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${CARD_CSS}</style>`,
    '</head>',
    `<body>${body}</body>`,
    '</html>',
  ].join('');
}

/** A new tab: the embedding site stays where it is, and learns nothing of the profile's page. */
const link = (href: string, text: string) =>
  `<a href="${escapeHtml(href)}" target="_blank" rel="noopener">${escapeHtml(text)}</a>`;

/** A published organization's card (ADR 052): a page for an iframe, no script, one style. */
export function embedCard(subject: CardSubject, theme: EmbedTheme): string {
  const logo = subject.logo
    ? `<img class="logo" src="${escapeHtml(subject.logo)}" alt="${escapeHtml(embedTexts.cardLogo(subject.name))}" width="48" height="48">`
    : `<span class="logo initial" aria-hidden="true">${escapeHtml([...subject.name][0] ?? '')}</span>`;
  const verified = subject.verifiedDomain
    ? `<p class="verified">${escapeHtml(embedTexts.cardVerified(subject.verifiedDomain))}</p>`
    : '';
  const pills = subject.categories
    .slice(0, CATEGORIES_SHOWN)
    .map((name) => `<li>${escapeHtml(name)}</li>`)
    .join('');
  const roles =
    subject.openRoles > 0
      ? `<span class="roles">${escapeHtml(hiringTexts.openRoles(subject.openRoles))}</span>`
      : '<span></span>';
  const body = [
    '<main class="card">',
    `<div class="head">${logo}<div class="who"><h1>${escapeHtml(subject.name)}</h1>${verified}</div></div>`,
    subject.line ? `<p class="line">${escapeHtml(subject.line)}</p>` : '',
    pills
      ? `<ul class="pills" aria-label="${escapeHtml(embedTexts.cardCategories)}">${pills}</ul>`
      : '',
    `<div class="foot">${roles}${link(subject.profileUrl, embedTexts.cardLink)}</div>`,
    '</main>',
  ].join('');
  return page(theme, embedTexts.cardTitle(subject.name), body);
}

/** The card of an organization nobody may see: the same for unknown and unpublished ones. */
export function notFoundCard(theme: EmbedTheme, homeUrl: string): string {
  const body = [
    '<main class="card">',
    `<div class="who"><h1>${escapeHtml(embedTexts.cardNotFoundTitle)}</h1></div>`,
    `<p class="line">${escapeHtml(embedTexts.cardNotFound)}</p>`,
    `<div class="foot"><span></span>${link(homeUrl, embedTexts.cardNotFoundLink)}</div>`,
    '</main>',
  ].join('');
  return page(theme, embedTexts.cardNotFoundTitle, body);
}
