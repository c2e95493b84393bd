import { SAVED_SEARCH_ALERT_LISTED, savedRoleSearchTexts, type RoleListItem } from '@si/contracts';
import type { RoleOpeningRow } from './saved-search-rows.ts';

/**
 * The roles posted after `watermark` (ADR 046), each with its organization: `openings` is in
 * version order, so they are its tail.
 */
export function postedSince(openings: readonly RoleOpeningRow[], watermark: number) {
  let low = 0;
  let high = openings.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (openings[middle]!.version <= watermark) low = middle + 1;
    else high = middle;
  }
  return openings.slice(low).map(({ roleId, organizationId }) => ({ roleId, organizationId }));
}

/** Where a role is worked, as the /roles page says it (`role-row.tsx`), with country names. */
export function whereOf(role: RoleListItem, countryName: (code: string) => string): string {
  if (role.workplace === 'remote') {
    return role.remoteCountries.length === 0
      ? savedRoleSearchTexts.remoteAnywhere
      : savedRoleSearchTexts.remoteIn(role.remoteCountries.map(countryName).join(', '));
  }
  const place = [role.city, role.country ? countryName(role.country) : null]
    .filter(Boolean)
    .join(', ');
  return role.workplace === 'hybrid' ? savedRoleSearchTexts.hybrid(place) : place;
}

/**
 * A roles alert's list (newest first, the first 20): each role's title, its organization and
 * where, and its page; `newCount` counts every new role.
 */
export function listedRoles(
  roles: readonly RoleListItem[],
  publicUrl: string,
  countryName: (code: string) => string,
) {
  return {
    newCount: roles.length,
    listed: roles.slice(0, SAVED_SEARCH_ALERT_LISTED).map((role) => ({
      name: role.title,
      description: `${role.organizationName} · ${whereOf(role, countryName)}`,
      url: `${publicUrl}/organizations/${role.organizationId}/roles/${role.id}`,
    })),
  };
}
