import { siteName } from '@si/contracts';

/** One entry of a feed, the same in Atom and in RSS. */
export interface FeedEntry {
  /** Absolute: the entry's page, which is also its permanent id. */
  url: string;
  title: string;
  summary: string;
  /** When it entered the feed: first published, or posted. */
  published: Date;
  categories: { term: string; label: string }[];
}

export interface Feed {
  title: string;
  subtitle: string;
  /** The feed's own absolute URL with the query it was asked with: its id and rel=self. */
  selfUrl: string;
  /** The page that lists the same, with the same filters. */
  pageUrl: string;
  /** The site's home, for the feed's author. */
  siteUrl: string;
  entries: FeedEntry[];
}

/** Characters XML 1.0 cannot carry at all, escaped or not; stored text should hold none. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- these control characters are the ones to remove
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text or an attribute's value, escaped for XML: every text of a feed goes through here. */
export function xmlText(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * The feed's own date: its newest entry's. An empty feed has none that means anything, and a
 * fixed one keeps its ETag still (the Unix epoch).
 */
const feedUpdated = (feed: Feed) => feed.entries[0]?.published ?? new Date(0);

/** Atom 1.0 (RFC 4287); dates in RFC 3339. */
export function atomDocument(feed: Feed): string {
  const entries = feed.entries.map((entry) =>
    [
      '  <entry>',
      `    <id>${xmlText(entry.url)}</id>`,
      `    <title type="text">${xmlText(entry.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${xmlText(entry.url)}"/>`,
      `    <published>${entry.published.toISOString()}</published>`,
      `    <updated>${entry.published.toISOString()}</updated>`,
      `    <summary type="text">${xmlText(entry.summary)}</summary>`,
      ...entry.categories.map(
        (category) =>
          `    <category term="${xmlText(category.term)}" label="${xmlText(category.label)}"/>`,
      ),
      '  </entry>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlText(feed.selfUrl)}</id>`,
    `  <title type="text">${xmlText(feed.title)}</title>`,
    `  <subtitle type="text">${xmlText(feed.subtitle)}</subtitle>`,
    `  <updated>${feedUpdated(feed).toISOString()}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(feed.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(feed.pageUrl)}"/>`,
    `  <author><name>${xmlText(siteName)}</name><uri>${xmlText(feed.siteUrl)}</uri></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/** RSS 2.0, with its atom:link to itself; dates in RFC 822 (as RFC 1123 writes them). */
export function rssDocument(feed: Feed): string {
  const items = feed.entries.map((entry) =>
    [
      '    <item>',
      `      <title>${xmlText(entry.title)}</title>`,
      `      <link>${xmlText(entry.url)}</link>`,
      `      <guid isPermaLink="true">${xmlText(entry.url)}</guid>`,
      `      <pubDate>${entry.published.toUTCString()}</pubDate>`,
      `      <description>${xmlText(entry.summary)}</description>`,
      ...entry.categories.map(
        (category) => `      <category>${xmlText(category.label)}</category>`,
      ),
      '    </item>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${xmlText(feed.title)}</title>`,
    `    <link>${xmlText(feed.pageUrl)}</link>`,
    `    <description>${xmlText(feed.subtitle)}</description>`,
    `    <atom:link href="${xmlText(feed.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    `    <lastBuildDate>${feedUpdated(feed).toUTCString()}</lastBuildDate>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
