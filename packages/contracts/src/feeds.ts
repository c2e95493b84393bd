import { z } from 'zod';
import { siteName } from './messages.ts';
import { OrganizationListQuery } from './organizations.ts';
import { RoleListQuery } from './role-list.ts';

/**
 * The feeds of newly published organizations and of new open roles (ADR 053): each in Atom 1.0
 * and RSS 2.0, filtered as the directory and /roles are.
 */
export const feedPaths = {
  organizations: { atom: '/feeds/organizations.atom', rss: '/feeds/organizations.rss' },
  roles: { atom: '/feeds/roles.atom', rss: '/feeds/roles.rss' },
} as const;

/** A feed holds the newest this many entries; a reader keeps what it has seen. */
export const FEED_ENTRIES = 50;

/*
 * A feed's other parameters are dropped, not refused: a reader subscribed to a URL with a tracking
 * tag, or to the roles feed under the directory's filters (verified, hiring), still gets its feed,
 * and the dropped parameters make no cache entry of their own (ADR 053).
 */

/** The directory's filters (GET /api/organizations without its paging). */
export const OrganizationFeedQuery = z.object(
  OrganizationListQuery.omit({ limit: true, cursor: true }).shape,
);
export type OrganizationFeedQuery = ReturnType<typeof OrganizationFeedQuery.parse>;

/** The list of open roles' filters (GET /api/roles without its paging). */
export const RoleFeedQuery = z.object(RoleListQuery.omit({ limit: true, cursor: true }).shape);
export type RoleFeedQuery = ReturnType<typeof RoleFeedQuery.parse>;

export const feedTexts = {
  organizationsTitle: `${siteName}: newly published organizations`,
  organizationsFilteredTitle: `${siteName}: newly published organizations (filtered)`,
  organizationsSubtitle: 'Mission-driven organizations, newest first.',
  rolesTitle: `${siteName}: new open roles`,
  rolesFilteredTitle: `${siteName}: new open roles (filtered)`,
  rolesSubtitle: 'Open roles at mission-driven organizations, newest first.',
  /** The title of a role's entry: the role, then who offers it. */
  roleEntryTitle: (title: string, organizationName: string) => `${title} at ${organizationName}`,
  roleClosesOn: (day: string) => `Apply by ${day}`,
  /** The head's link to a page's feed, as a feed reader names it. */
  organizationsLinkTitle: `${siteName}: newly published organizations (Atom)`,
  organizationsRssLinkTitle: `${siteName}: newly published organizations (RSS)`,
  rolesLinkTitle: `${siteName}: new open roles (Atom)`,
  rolesRssLinkTitle: `${siteName}: new open roles (RSS)`,
} as const;
