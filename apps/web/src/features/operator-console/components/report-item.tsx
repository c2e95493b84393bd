import { Link } from 'react-router';
import {
  consoleRoleTexts,
  consoleTexts,
  reportReasonLabels,
  type AdminReport,
} from '@si/contracts';
import { EmailText } from './email-text';
import { formatWhen } from './format-when';

/** A report's reason, the visitor's details (as text, never HTML) and when it came. */
export function ReportBody({ report }: { report: AdminReport }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
      {report.roleTitle !== null ? (
        <>
          <dt className="text-ink-muted">{consoleRoleTexts.aboutRole}</dt>
          <dd className="font-semibold break-words" data-testid="report-role">
            {report.roleId ? (
              report.roleTitle
            ) : (
              <>
                {report.roleTitle}{' '}
                <span className="font-normal text-ink-subtle">({consoleRoleTexts.roleGone})</span>
              </>
            )}
          </dd>
        </>
      ) : null}
      <dt className="text-ink-muted">{consoleTexts.reason}</dt>
      <dd className="font-semibold">{reportReasonLabels[report.reason]}</dd>
      <dt className="text-ink-muted">{consoleTexts.details}</dt>
      <dd className="break-words whitespace-pre-line" data-testid="report-details">
        {report.details || <span className="text-ink-subtle">{consoleTexts.noDetails}</span>}
      </dd>
      <dt className="text-ink-muted">{consoleTexts.reported}</dt>
      <dd>{formatWhen(report.createdAt)}</dd>
      {report.status !== 'open' ? (
        <>
          <dt className="text-ink-muted">{consoleTexts.status}</dt>
          <dd className="font-semibold">{consoleTexts.reportStatus[report.status]}</dd>
          <dt className="text-ink-muted">{consoleTexts.resolution}</dt>
          <dd className="break-words whitespace-pre-line">{report.resolution ?? ''}</dd>
          <dt className="text-ink-muted">{consoleTexts.resolvedBy}</dt>
          <dd>{report.resolvedBy ? <EmailText email={report.resolvedBy} /> : null}</dd>
          <dt className="text-ink-muted">{consoleTexts.resolvedAt}</dt>
          <dd>{report.resolvedAt ? formatWhen(report.resolvedAt) : ''}</dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * The organization a report is about: its console page and its public profile, or 'Deleted';
 * for a report about a role (ADR 045), the role's public page too.
 */
export function ReportedOrganization({ report }: { report: AdminReport }) {
  if (!report.organizationId) {
    return (
      <p className="font-semibold break-words">
        {report.organizationName}{' '}
        <span className="text-sm font-normal text-ink-subtle">({consoleTexts.profileGone})</span>
      </p>
    );
  }
  const id = encodeURIComponent(report.organizationId);
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <Link
        to={`/admin/organizations/${id}`}
        className="font-semibold break-words text-brand-ink underline-offset-4 hover:underline"
      >
        {report.organizationName}
      </Link>
      <a
        href={`/organizations/${id}`}
        target="_blank"
        rel="noopener"
        className="text-sm text-ink-muted underline underline-offset-4 hover:text-ink"
      >
        {consoleTexts.publicProfile}
      </a>
      {report.roleId ? (
        <a
          href={`/organizations/${id}/roles/${encodeURIComponent(report.roleId)}`}
          target="_blank"
          rel="noopener"
          className="text-sm text-ink-muted underline underline-offset-4 hover:text-ink"
        >
          {`${consoleRoleTexts.aboutRole}: ${report.roleTitle}`}
        </a>
      ) : null}
    </div>
  );
}
