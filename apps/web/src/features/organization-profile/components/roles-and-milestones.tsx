import {
  profileRolesTexts as texts,
  roleKindNames,
  type Country,
  type Milestone,
  type Role,
} from '@si/contracts';
import { formatDay } from '../../../lib/format-day';
import { milestoneDate } from '../../../lib/milestone-date';
import { placeOf } from '../../../lib/role-place';

/*
 * The profile's open roles and milestones (ADR 042): plain elements and the design tokens, no
 * icons and no schema, so the profile's first load grows by little.
 */

/** "Open roles (N)", each role linking to its own page; nothing when none is open. */
export function OpenRoles({
  organizationId,
  roles,
  countriesByCode,
}: {
  organizationId: string;
  roles: readonly Role[];
  countriesByCode: ReadonlyMap<string, Country>;
}) {
  if (roles.length === 0) return null;
  const countryName = (code: string) => countriesByCode.get(code)?.name ?? code;
  return (
    <section aria-labelledby="open-roles-heading" className="flex flex-col gap-4">
      <h2 id="open-roles-heading" className="text-xl font-semibold">
        {texts.openRolesHeading(roles.length)}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {roles.map((role) => (
          <li
            key={role.id}
            className="surface-card relative flex flex-col gap-1.5 p-4 transition-colors focus-within:border-brand hover:border-brand"
            data-testid="profile-role"
          >
            {/* The whole card is the link's target (at least 44 px on a phone); the title names it. */}
            <a
              href={`/organizations/${encodeURIComponent(organizationId)}/roles/${encodeURIComponent(role.id)}`}
              className="font-semibold break-words text-brand-ink after:absolute after:inset-0 after:rounded-card hover:underline focus-visible:outline-none"
            >
              {role.title}
            </a>
            <p className="text-sm text-ink-muted">
              {`${roleKindNames[role.kind]} · ${placeOf(role, countryName)}`}
            </p>
            <p className="text-sm text-ink-subtle">
              <time dateTime={role.closesOn}>{texts.closes(formatDay(role.closesOn))}</time>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Milestones": a timeline, newest first (as the API answers them); nothing when none. */
export function Milestones({ milestones }: { milestones: readonly Milestone[] }) {
  if (milestones.length === 0) return null;
  return (
    <section aria-labelledby="milestones-heading" className="flex flex-col gap-4">
      <h2 id="milestones-heading" className="text-xl font-semibold">
        {texts.milestonesHeading}
      </h2>
      <ol className="ml-1.5 flex flex-col gap-6 border-l-2 border-line">
        {milestones.map((milestone) => (
          <li key={milestone.id} className="relative flex flex-col gap-1 pl-6">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[7px] size-3 rounded-full border-2 border-surface bg-brand"
            />
            <time
              dateTime={
                milestone.month
                  ? `${milestone.year}-${String(milestone.month).padStart(2, '0')}`
                  : String(milestone.year)
              }
              className="text-sm font-semibold text-brand-ink"
            >
              {milestoneDate(milestone)}
            </time>
            <h3 className="font-semibold break-words text-ink">{milestone.title}</h3>
            {milestone.text ? (
              <p className="max-w-prose whitespace-pre-line break-words text-ink-muted">
                {milestone.text}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
