import { roleWorkplaceNames, type Role } from '@si/contracts';

/**
 * "Hybrid · Nairobi, Kenya", "On site · Porto, Portugal", "Remote · Kenya, Uganda" or "Remote":
 * the role's kind of place, and where. `countryName` names a country code (the code itself when
 * unknown).
 */
export function placeOf(
  role: Pick<Role, 'workplace' | 'city' | 'country' | 'remoteCountries'>,
  countryName: (code: string) => string,
): string {
  if (role.workplace === 'remote') {
    const where = role.remoteCountries.map(countryName).join(', ');
    return where ? `${roleWorkplaceNames.remote} · ${where}` : roleWorkplaceNames.remote;
  }
  const where = [role.city, role.country ? countryName(role.country) : null]
    .filter(Boolean)
    .join(', ');
  return `${roleWorkplaceNames[role.workplace]} · ${where}`;
}
