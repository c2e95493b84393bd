import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  consoleTexts,
  organizationStateNames,
  organizationStates,
  type AdminOrganizationRow,
  type OrganizationState,
} from '@si/contracts';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useConsoleOrganizations } from '../api/get-organizations';
import { consolePaths, SectionHeading } from './console-shell';
import { formatWhen } from './format-when';
import { EmptyList, ListBody, TableHead } from './list-states';
import { OwnerEmails } from './owner-emails';
import { ProfileExport } from './profile-export';
import { SearchForm } from './search-form';
import { StatePill } from './state-pill';

const isState = (value: string | null): value is OrganizationState =>
  (organizationStates as readonly string[]).includes(value ?? '');

export const consoleOrganizationPath = (id: string) =>
  `${consolePaths.organizations}/${encodeURIComponent(id)}`;

/** Reads a list's page from the address: a whole number from 1. */
export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/**
 * /admin/organizations: search by name, owner email or id, filter by state, 50 a page; a table
 * on wide screens, cards on phones. The search lives in the address.
 */
export function OrganizationsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const stateParam = params.get('state');
  const state = isState(stateParam) ? stateParam : undefined;
  const page = pageParam(params);
  const list = useConsoleOrganizations({ q: q || undefined, state, page });
  const wide = useMediaQuery('(min-width: 768px)', true);
  const stateId = useId();

  const update = (next: { q?: string; state?: string; page?: number }) => {
    const merged = { q, state: state ?? '', page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.q) search.set('q', merged.q);
    if (merged.state) search.set('state', merged.state);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search);
  };

  return (
    <section aria-labelledby="console-organizations" className="flex flex-col gap-5">
      <SectionHeading
        id="console-organizations"
        title={consoleTexts.navOrganizations}
        intro={consoleTexts.organizationsIntro}
      />
      <ProfileExport />
      <SearchForm
        key={q}
        initialText={q}
        placeholder={consoleTexts.organizationSearchPlaceholder}
        onSearch={(text) => update({ q: text })}
      >
        <div className="flex flex-col gap-1.5 sm:w-44">
          <label htmlFor={stateId} className="font-semibold text-ink">
            {consoleTexts.stateLabel}
          </label>
          <select
            id={stateId}
            value={state ?? ''}
            onChange={(event) => update({ state: event.target.value })}
            className="field px-3"
          >
            <option value="">{consoleTexts.anyState}</option>
            {organizationStates.map((value) => (
              <option key={value} value={value}>
                {organizationStateNames[value]}
              </option>
            ))}
          </select>
        </div>
      </SearchForm>
      <ListBody
        loadingLabel={consoleTexts.loadingOf('organizations')}
        list={list}
        empty={
          <EmptyList title={consoleTexts.noOrganizations}>
            {consoleTexts.noOrganizationsHint}
          </EmptyList>
        }
        onPage={(next) => update({ page: next })}
      >
        {(rows) => (wide ? <OrganizationTable rows={rows} /> : <OrganizationCards rows={rows} />)}
      </ListBody>
    </section>
  );
}

function OrganizationTable({ rows }: { rows: AdminOrganizationRow[] }) {
  return (
    <div className="overflow-x-auto surface-card">
      <table className="w-full text-left">
        <TableHead
          className="text-sm"
          columns={[
            { label: consoleTexts.name },
            { label: consoleTexts.owners },
            { label: consoleTexts.state },
            { label: consoleTexts.openReports, numeric: true },
            { label: consoleTexts.created },
          ]}
        />
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.id} className="align-top hover:bg-sunken/50">
              <td className="px-4 py-3">
                <Link
                  to={consoleOrganizationPath(row.id)}
                  className="font-semibold text-brand-ink underline-offset-4 hover:underline"
                >
                  {row.name}
                </Link>
              </td>
              <td className="px-4 py-3">
                <OwnerEmails emails={row.ownerEmails} />
              </td>
              <td className="px-4 py-3">
                <StatePill state={row.state} />
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{row.openReports}</td>
              <td className="px-4 py-3 whitespace-nowrap text-ink-muted">
                {formatWhen(row.createdAt)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OrganizationCards({ rows }: { rows: AdminOrganizationRow[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {rows.map((row) => (
        <li key={row.id} className="flex flex-col gap-2 surface-card p-4">
          <div className="flex items-start justify-between gap-3">
            <Link
              to={consoleOrganizationPath(row.id)}
              className="min-w-0 font-semibold break-words text-brand-ink underline-offset-4 hover:underline"
            >
              {row.name}
            </Link>
            <StatePill state={row.state} />
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-ink-muted">{consoleTexts.owners}</dt>
            <dd>
              <OwnerEmails emails={row.ownerEmails} />
            </dd>
            <dt className="text-ink-muted">{consoleTexts.openReports}</dt>
            <dd className="tabular-nums">{row.openReports}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
