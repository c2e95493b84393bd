import { Link } from 'react-router';
import { consoleTexts, type AdminUserRow } from '@si/contracts';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useConsoleUsers } from '../api/get-users';
import { consolePaths, SectionHeading } from './console-shell';
import { EmailText } from './email-text';
import { EmptyList, ListBody, TableHead } from './list-states';
import { SearchForm } from './search-form';
import { Pill } from './state-pill';
import { useListSearch } from './use-list-search';

export const consoleUserPath = (id: string) => `${consolePaths.users}/${encodeURIComponent(id)}`;

/** /admin/users: accounts (never guests) by email or name; a table on wide screens, cards on phones. */
export function UsersPage() {
  const { q, page, show } = useListSearch();
  const list = useConsoleUsers({ q: q || undefined, page });
  const wide = useMediaQuery('(min-width: 768px)', true);
  return (
    <section aria-labelledby="console-users" className="flex flex-col gap-5">
      <SectionHeading
        id="console-users"
        title={consoleTexts.navUsers}
        intro={consoleTexts.usersIntro}
      />
      <SearchForm
        key={q}
        initialText={q}
        placeholder={consoleTexts.userSearchPlaceholder}
        onSearch={(text) => show({ q: text })}
      />
      <ListBody
        loadingLabel={consoleTexts.loadingOf('users')}
        list={list}
        empty={
          <EmptyList title={consoleTexts.noUsers}>{q ? consoleTexts.noUsersHint : null}</EmptyList>
        }
        onPage={(next) => show({ page: next })}
      >
        {(rows) => (wide ? <UserTable rows={rows} /> : <UserCards rows={rows} />)}
      </ListBody>
    </section>
  );
}

/** What marks an account: operator, disabled (nothing for an ordinary one). */
export function UserMarks({ user }: { user: AdminUserRow }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      {user.operator ? <Pill tone="brand">{consoleTexts.operator}</Pill> : null}
      {user.disabled ? <Pill tone="danger">{consoleTexts.disabled}</Pill> : null}
    </span>
  );
}

const UserLink = ({ user }: { user: AdminUserRow }) => (
  <Link
    to={consoleUserPath(user.id)}
    className="min-w-0 font-semibold text-brand-ink underline-offset-4 hover:underline"
  >
    <EmailText email={user.email} />
  </Link>
);

const yesNo = (value: boolean) => (value ? consoleTexts.yes : consoleTexts.no);

function UserTable({ rows }: { rows: AdminUserRow[] }) {
  return (
    <div className="overflow-x-auto surface-card">
      <table className="w-full text-left">
        <TableHead
          className="text-sm"
          columns={[
            { label: consoleTexts.email },
            { label: consoleTexts.name },
            { label: consoleTexts.verified },
            { label: consoleTexts.operator },
            { label: consoleTexts.disabled },
            { label: consoleTexts.organizations, numeric: true },
          ]}
        />
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.id} className="align-top hover:bg-sunken/50">
              <td className="max-w-72 px-4 py-3">
                <UserLink user={row} />
              </td>
              <td className="max-w-56 px-4 py-3 break-words">
                {row.name || <span className="text-ink-subtle">{consoleTexts.noName}</span>}
              </td>
              <td className="px-4 py-3">{yesNo(row.emailVerified)}</td>
              <td className="px-4 py-3">
                {row.operator ? <Pill tone="brand">{consoleTexts.yes}</Pill> : consoleTexts.no}
              </td>
              <td className="px-4 py-3">
                {row.disabled ? <Pill tone="danger">{consoleTexts.yes}</Pill> : consoleTexts.no}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{row.organizations}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UserCards({ rows }: { rows: AdminUserRow[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {rows.map((row) => (
        <li key={row.id} className="flex flex-col gap-2 surface-card p-4">
          <UserLink user={row} />
          <UserMarks user={row} />
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-ink-muted">{consoleTexts.name}</dt>
            <dd className="break-words">
              {row.name || <span className="text-ink-subtle">{consoleTexts.noName}</span>}
            </dd>
            <dt className="text-ink-muted">{consoleTexts.verified}</dt>
            <dd>{yesNo(row.emailVerified)}</dd>
            <dt className="text-ink-muted">{consoleTexts.organizations}</dt>
            <dd className="tabular-nums">{row.organizations}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
