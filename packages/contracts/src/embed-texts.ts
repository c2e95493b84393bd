import { siteName } from './messages.ts';

/** Where an organization's badge and card are served, for another site to embed (ADR 052). */
export const embedPaths = {
  card: (organizationId: string) => `/embed/organizations/${encodeURIComponent(organizationId)}`,
  badge: (organizationId: string) =>
    `/embed/organizations/${encodeURIComponent(organizationId)}/badge.svg`,
};

/** The two looks of the badge and the card: light by default, `?theme=dark`. */
export const embedThemes = ['light', 'dark'] as const;
export type EmbedTheme = (typeof embedThemes)[number];

/** The card's size in the snippet: a phone's column, and high enough for two lines of text. */
export const EMBED_CARD_WIDTH = 360;
export const EMBED_CARD_HEIGHT = 220;

/** Every word of the badge, the card and the snippets the owner copies. */
export const embedTexts = {
  badgeListed: `Listed on ${siteName}`,
  badgeVerified: (domain: string) => `Verified ${domain}`,
  /** The badge's accessible title, which names only what the badge shows. */
  badgeTitle: (domain: string | null) =>
    domain ? `Listed on ${siteName}, verified ${domain}` : `Listed on ${siteName}`,
  /** An unknown or unpublished organization's badge: the site's name, nothing of the organization. */
  badgeNeutral: siteName,
  badgeNeutralTitle: siteName,
  /** The image's alternative text in the snippet. */
  badgeAlt: `Listed on ${siteName}`,
  cardTitle: (name: string) => `${name} on ${siteName}`,
  cardVerified: (domain: string) => `Verified ${domain}`,
  cardLink: `View profile on ${siteName}`,
  cardCategories: 'Categories',
  cardLogo: (name: string) => `${name} logo`,
  cardNotFoundTitle: `Not found on ${siteName}`,
  cardNotFound: 'This profile is not listed now.',
  cardNotFoundLink: `Browse ${siteName}`,
  /** The iframe's title in the snippet, for screen readers on the owner's site. */
  iframeTitle: (name: string) => `${name} on ${siteName}`,
  badTheme: 'theme is light or dark',

  /** The owner's side: the snippets on the insights page. */
  heading: 'Embed your profile',
  intro: `Show your ${siteName} listing on your own site. Copy a snippet into your page's HTML; each fetch of the badge or the card counts as an embed above.`,
  notPublished:
    'The badge and the card show your profile once it is published; until then they show a neutral image and a “not found” card.',
  theme: 'Look',
  themeNames: { light: 'Light', dark: 'Dark' } satisfies Record<EmbedTheme, string>,
  badgeHeading: 'Badge',
  badgeHelp: 'A small image that links to your profile.',
  cardHeading: 'Profile card',
  cardHelp: 'Your logo, name, first line, categories and open roles, in a frame.',
  snippetLabel: (what: string) => `${what} HTML`,
  copy: 'Copy',
  copyLabel: (what: string) => `Copy the ${what.toLowerCase()} HTML`,
  copied: 'Snippet copied',
  copyFailed: 'Could not copy. Select the snippet and copy it yourself.',
  preview: 'Preview',
} as const;
