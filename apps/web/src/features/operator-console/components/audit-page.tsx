import { consoleTexts, type AuditEntry } from '@si/contracts';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useAudit } from '../api/get-audit';
import { SectionHeading } from './console-shell';
import { EmailText } from './email-text';
import { formatWhen } from './format-when';
import { EmptyList, ListBody, TableHead } from './list-states';
import { SearchForm } from './search-form';
import { useListSearch } from './use-list-search';

/** /admin/audit: the log, newest first, searched; a table on wide screens, cards on phones. */
export function AuditPage() {
  const { q, page, show } = useListSearch();
  const list = useAudit({ q: q || undefined, page });
  const wide = useMediaQuery('(min-width: 768px)', true);

  return (
    <section aria-labelledby="console-audit" className="flex flex-col gap-5">
      <SectionHeading
        id="console-audit"
        title={consoleTexts.navAudit}
        intro={consoleTexts.auditIntro}
      />
      <SearchForm
        key={q}
        initialText={q}
        placeholder={consoleTexts.auditSearchPlaceholder}
        onSearch={(text) => show({ q: text })}
      />
      <ListBody
        loadingLabel={consoleTexts.loadingOf('the audit log')}
        list={list}
        empty={
          <EmptyList title={consoleTexts.noAudit}>{q ? consoleTexts.noAuditHint : null}</EmptyList>
        }
        onPage={(next) => show({ page: next })}
      >
        {(entries) => (wide ? <AuditTable entries={entries} /> : <AuditCards entries={entries} />)}
      </ListBody>
    </section>
  );
}

function Target({ entry }: { entry: AuditEntry }) {
  return (
    <span className="flex flex-col">
      <span className="break-words">{entry.targetLabel}</span>
      <span className="font-mono text-xs break-all text-ink-subtle">
        {entry.targetType} {entry.targetId}
      </span>
    </span>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <div className="overflow-x-auto surface-card">
      <table className="w-full text-left text-sm">
        <TableHead
          columns={[
            { label: consoleTexts.when },
            { label: consoleTexts.who },
            { label: consoleTexts.action },
            { label: consoleTexts.record },
            { label: consoleTexts.reason },
          ]}
        />
        <tbody className="divide-y divide-line">
          {entries.map((entry) => (
            <tr key={entry.id} className="align-top">
              <td className="px-4 py-3 whitespace-nowrap text-ink-muted">{formatWhen(entry.at)}</td>
              <td className="px-4 py-3">
                <EmailText email={entry.actorEmail} />
              </td>
              <td className="px-4 py-3 font-mono text-xs whitespace-nowrap">{entry.action}</td>
              <td className="max-w-64 px-4 py-3">
                <Target entry={entry} />
              </td>
              <td className="max-w-80 px-4 py-3 break-words whitespace-pre-line">{entry.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AuditCards({ entries }: { entries: AuditEntry[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-col gap-2 surface-card p-4 text-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <span className="font-mono text-xs font-semibold">{entry.action}</span>
            <span className="text-ink-muted">{formatWhen(entry.at)}</span>
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
            <dt className="text-ink-muted">{consoleTexts.who}</dt>
            <dd>
              <EmailText email={entry.actorEmail} />
            </dd>
            <dt className="text-ink-muted">{consoleTexts.record}</dt>
            <dd>
              <Target entry={entry} />
            </dd>
            <dt className="text-ink-muted">{consoleTexts.reason}</dt>
            <dd className="break-words whitespace-pre-line">{entry.reason}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
