import type { PayRange, RoleKind, RoleWorkplace } from '@si/contracts';
import type { organizationRoles } from '../../schema.ts';
import { isoCountries } from '../countries.ts';
import type { DemoOrganization } from './organizations.ts';
import { rolesInAfricaAsiaPacific } from './roles-africa-asia-pacific.ts';
import { rolesInAmericasEuropeRemote } from './roles-americas-europe-remote.ts';

/**
 * An open role of a demo organization (ADR 042), in a few words: demoRoleRows turns it into a
 * row whose dates count from the day of seeding, so a demo started any day shows open roles.
 */
export interface DemoRole {
  title: string;
  kind: RoleKind;
  workplace: RoleWorkplace;
  /** On site and hybrid: the city. The country is the organization's unless given. */
  city?: string;
  country?: string;
  /** Remote only: the countries it may be worked from; left out, anywhere. */
  remoteCountries?: string[];
  pay?: PayRange;
  /** The first two paragraphs of the description: the role and its team, then the work. */
  about: string;
  tasks: string;
  /** A page under the organization's site's /careers/, or a careers@ address at its domain. */
  apply: 'link' | 'email';
  /** Not before the organization joined: demo.ts has them join 36 hours apart, until today. */
  postedDaysAgo: number;
  /** Days from the seeding day to the closing date; below zero, the role has expired. */
  openDays: number;
  /** Closed by its owner this many days ago, so the owner's list shows a closed role. */
  closedDaysAgo?: number;
}

/** Demo roles by organization name. */
export const demoRoles: Record<string, DemoRole[]> = {
  ...rolesInAfricaAsiaPacific,
  ...rolesInAmericasEuropeRemote,
};

type RoleRow = typeof organizationRoles.$inferInsert;

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

const countryName = (code: string) =>
  isoCountries.find((country) => country.code === code)?.name ?? code;

function listed(names: string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

function slug(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function where(role: DemoRole, country: string | null): string {
  if (role.workplace === 'on_site') {
    return `Where: on site in ${role.city}, ${countryName(country!)}, with the rest of the team.`;
  }
  if (role.workplace === 'hybrid') {
    return `Where: hybrid. At least two days a week at our ${role.city} office (${countryName(country!)}), the rest from home.`;
  }
  const from = role.remoteCountries ?? [];
  return from.length === 0
    ? 'Where: fully remote, from anywhere. We ask for three hours of overlap with the working day of the team.'
    : `Where: remote, from ${listed(from.map(countryName))}.`;
}

function howToApply(apply: string): string {
  return apply.startsWith('mailto:')
    ? `To apply, email ${apply.slice('mailto:'.length)} with your CV and a few lines on why this role. We answer every application.`
    : 'To apply, send your CV and a few lines on why this role through our careers page. We answer every application.';
}

/** The day `days` after the UTC day of `now`, as a closing date is stored: 2026-12-31. */
function dayAfter(now: number, days: number): string {
  return new Date(now + days * DAY).toISOString().slice(0, 10);
}

/** The rows of one demo organization's roles; none when it has no roles. */
export function demoRoleRows(
  demo: DemoOrganization,
  organizationId: string,
  now: number,
): RoleRow[] {
  const roles = demoRoles[demo.name] ?? [];
  if (roles.length > 0 && !demo.websiteUrl) {
    throw new Error(`Demo roles of ${demo.name} need its website for their apply links`);
  }
  return roles.map((role, position) => {
    const country = role.workplace === 'remote' ? null : (role.country ?? demo.country);
    const apply =
      role.apply === 'link'
        ? `${demo.websiteUrl}/careers/${slug(role.title)}`
        : `mailto:careers@${new URL(demo.websiteUrl!).hostname}`;
    // Spread over the hours of the day too, so no two roles share a posting time.
    const postedAt = new Date(now - role.postedDaysAgo * DAY - ((position * 5) % 11) * HOUR);
    const closedAt =
      role.closedDaysAgo === undefined ? null : new Date(now - role.closedDaysAgo * DAY);
    return {
      organizationId,
      title: role.title,
      kind: role.kind,
      workplace: role.workplace,
      country,
      city: role.workplace === 'remote' ? null : (role.city ?? null),
      remoteCountries: role.workplace === 'remote' ? (role.remoteCountries ?? []) : [],
      payMin: role.pay?.min ?? null,
      payMax: role.pay?.max ?? null,
      payCurrency: role.pay?.currency ?? null,
      payPeriod: role.pay?.period ?? null,
      description: [role.about, role.tasks, where(role, country), howToApply(apply)].join('\n\n'),
      apply,
      postedAt,
      closesOn: dayAfter(now, role.openDays),
      closedAt,
      createdAt: postedAt,
      updatedAt: closedAt ?? postedAt,
    };
  });
}
