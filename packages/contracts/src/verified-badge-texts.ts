/**
 * What a visitor reads of the badge on public pages (cards, the profile, the directory's
 * filter), apart from the owner's and the operator's texts (verification-texts.ts): a module goes
 * whole into the chunk of its first user, and the public pages' first load needs these few
 * strings only (ADR 039).
 */
export const verifiedBadgeTexts = {
  badge: 'Verified',
  /** The badge's accessible name and tooltip on a card and on the profile. */
  badgeTitle: (domain: string, date: string) => `Verified: runs ${domain} (since ${date})`,
  /** The profile's line under the name. */
  profileLine: (domain: string, date: string) => `Verified ${domain} · since ${date}`,
  /** The directory's filter toggle, with the count of matching verified organizations. */
  filterLabel: 'Verified only',
  filterCount: (count: number) => `${count} verified`,
  filterChip: 'Verified',
};
