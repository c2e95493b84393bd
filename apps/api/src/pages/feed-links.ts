import { OrganizationFeedQuery, RoleFeedQuery, feedPaths, feedTexts } from '@si/contracts';
import type { PageHead } from './head-tags.ts';

const lists = {
  organizations: {
    schema: OrganizationFeedQuery,
    atomTitle: feedTexts.organizationsLinkTitle,
    rssTitle: feedTexts.organizationsRssLinkTitle,
  },
  roles: {
    schema: RoleFeedQuery,
    atomTitle: feedTexts.rolesLinkTitle,
    rssTitle: feedTexts.rolesRssLinkTitle,
  },
} as const;

/**
 * A list page's links to its feeds (ADR 053), with the page's own filters: of its URL's query,
 * the names the feed reads (not the page's cursor), when the feed's schema takes them; a filter
 * it refuses links the unfiltered feed.
 */
export function feedLinks(
  publicUrl: string,
  list: keyof typeof lists,
  search: URLSearchParams,
): NonNullable<PageHead['alternates']> {
  const { schema, atomTitle, rssTitle } = lists[list];
  const filters = new URLSearchParams();
  for (const name of Object.keys(schema.shape)) {
    const value = search.get(name);
    if (value !== null) filters.set(name, value);
  }
  const valid = schema.safeParse(Object.fromEntries(filters)).success;
  // Commas stay commas: the directory's own URLs join lists with them.
  const query = valid && filters.size > 0 ? `?${filters.toString().replace(/%2C/gi, ',')}` : '';
  return [
    {
      type: 'application/atom+xml',
      title: atomTitle,
      href: `${publicUrl}${feedPaths[list].atom}${query}`,
    },
    {
      type: 'application/rss+xml',
      title: rssTitle,
      href: `${publicUrl}${feedPaths[list].rss}${query}`,
    },
  ];
}
