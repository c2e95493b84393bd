import { Link } from 'react-router';
import { roleKindNames, roleListTexts, type RoleListItem } from '@si/contracts';
import { formatDay } from '../../../lib/format-day';

/** Where the role is worked: the city and country, or remote and from where. */
function whereOf(role: RoleListItem, countryName: (code: string) => string): string {
  if (role.workplace === 'remote') {
    return role.remoteCountries.length === 0
      ? roleListTexts.remoteAnywhere
      : roleListTexts.remoteIn(role.remoteCountries.map(countryName).join(', '));
  }
  const place = [role.city, role.country ? countryName(role.country) : null].filter(Boolean);
  return `${place.join(', ')}${role.workplace === 'hybrid' ? ' (hybrid)' : ''}`;
}

/** One open role of the list: its title links to the role's page. */
export function RoleRow({
  role,
  countryName,
}: {
  role: RoleListItem;
  countryName: (code: string) => string;
}) {
  return (
    <li className="flex flex-col gap-1 rounded-lg border border-line bg-surface p-4 sm:flex-row sm:items-baseline sm:justify-between sm:gap-6">
      <div className="min-w-0 sm:flex-1">
        <h3 className="text-lg font-semibold text-pretty">
          <Link
            to={`/organizations/${role.organizationId}/roles/${role.id}`}
            className="text-ink hover:underline"
            data-testid="role-link"
          >
            {role.title}
          </Link>
        </h3>
        <p className="text-ink-muted">{role.organizationName}</p>
      </div>
      {/* At most a little over half the row: a long list of remote countries wraps here. */}
      <p className="flex flex-wrap gap-x-3 text-sm text-ink-muted sm:max-w-[55%] sm:shrink-0 sm:justify-end">
        <span>{roleKindNames[role.kind]}</span>
        <span>{whereOf(role, countryName)}</span>
        <span>{roleListTexts.posted(formatDay(role.postedAt))}</span>
      </p>
    </li>
  );
}
