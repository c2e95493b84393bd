import { useState } from 'react';
import {
  formatInteger,
  imageSrcSet,
  roleKindNames,
  roleApplyPath,
  rolePageTexts as texts,
  roleWorkplaceNames,
  type Country,
  type Organization,
  type Role,
} from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { InitialAvatar } from '../../../components/ui/initial-avatar';
import { InAppLink } from '../../../lib/in-app-links';
import { formatDay } from '../../../lib/format-day';

/** "Nairobi, Kenya" on site or hybrid; "Kenya, Uganda" or "Anywhere" for a remote role. */
export function whereOf(role: Role, countriesByCode: ReadonlyMap<string, Country>): string {
  const name = (code: string) => countriesByCode.get(code)?.name ?? code;
  if (role.workplace === 'remote') {
    return role.remoteCountries.length > 0
      ? role.remoteCountries.map(name).join(', ')
      : texts.anywhere;
  }
  return [role.city, role.country ? name(role.country) : null].filter(Boolean).join(', ');
}

/** "USD 30,000 – 42,000 per year", without Intl (ADR 039: no formatter on a public page). */
export function payOf(pay: NonNullable<Role['pay']>): string {
  return texts.payRange(pay.currency, formatInteger(pay.min), formatInteger(pay.max), pay.period);
}

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-ink-subtle">{label}</dt>
      <dd className="font-semibold break-words text-ink">{children}</dd>
    </div>
  );
}

function OrganizationLogo({ organization }: { organization: Organization }) {
  const [failed, setFailed] = useState(false);
  const className = 'size-14 shrink-0 rounded-control border border-line bg-surface';
  return organization.logo && !failed ? (
    <img
      src={organization.logo}
      srcSet={imageSrcSet(organization.logo, 'logo')}
      sizes="56px"
      // Beside the organization's name, in the same link: the name says it once.
      alt=""
      width={56}
      height={56}
      decoding="async"
      onError={() => setFailed(true)}
      className={`${className} object-cover`}
    />
  ) : (
    <span aria-hidden="true">
      <InitialAvatar name={organization.name} className={`${className} text-2xl`} />
    </span>
  );
}

/** The Apply action: the organization's own page (a new tab) or an email to it. */
function ApplyAction({ role, organization }: { role: Role; organization: Organization }) {
  const byEmail = role.apply.startsWith('mailto:');
  return (
    <div className="flex flex-col gap-2">
      <a
        href={roleApplyPath(role.organizationId, role.id)}
        className={buttonClasses('primary', 'md', 'w-full justify-center')}
        data-testid="role-apply"
        {...(byEmail ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
      >
        {byEmail ? texts.applyByEmail : texts.apply}
      </a>
      <p className="text-sm text-ink-muted">{texts.applyNote(organization.name)}</p>
    </div>
  );
}

export interface RoleViewProps {
  role: Role;
  organization: Organization;
  countriesByCode: ReadonlyMap<string, Country>;
}

/** An open role: what, with whom, where, for what pay, until when, and how to apply. */
export function RoleView({ role, organization, countriesByCode }: RoleViewProps) {
  const where = whereOf(role, countriesByCode);
  return (
    <article className="flex flex-col gap-8" data-testid="role-page">
      <header className="flex flex-col gap-4">
        <InAppLink
          to={`/organizations/${organization.id}`}
          className="flex w-fit items-center gap-3 rounded-control text-ink-muted hover:text-ink"
        >
          <OrganizationLogo organization={organization} />
          <span className="text-lg font-semibold break-words">{organization.name}</span>
        </InAppLink>
        <h1 className="text-headline font-semibold tracking-tight text-balance break-words sm:text-display">
          {role.title}
        </h1>
        <p className="text-ink-muted">
          {roleKindNames[role.kind]} · {roleWorkplaceNames[role.workplace]}
          {where ? ` · ${where}` : ''}
        </p>
      </header>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <section aria-labelledby="role-about-heading" className="flex min-w-0 flex-col gap-3">
          <h2 id="role-about-heading" className="text-xl font-semibold">
            {texts.about}
          </h2>
          <p
            className="max-w-prose text-lg whitespace-pre-line break-words text-ink"
            data-testid="role-description"
          >
            {role.description}
          </p>
        </section>

        <aside className="surface-card flex flex-col gap-5 p-5 lg:sticky lg:top-24">
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-1">
            <Fact label={texts.kind}>{roleKindNames[role.kind]}</Fact>
            <Fact label={texts.where}>
              {where
                ? `${roleWorkplaceNames[role.workplace]} · ${where}`
                : roleWorkplaceNames[role.workplace]}
            </Fact>
            {role.pay ? <Fact label={texts.pay}>{payOf(role.pay)}</Fact> : null}
            <Fact label={texts.closes}>{formatDay(role.closesOn)}</Fact>
            <Fact label={texts.posted}>{formatDay(role.postedAt)}</Fact>
          </dl>
          <ApplyAction role={role} organization={organization} />
        </aside>
      </div>
    </article>
  );
}
