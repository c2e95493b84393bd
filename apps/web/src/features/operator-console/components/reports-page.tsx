import { useState } from 'react';
import {
  consoleRoleTexts,
  consoleTexts,
  reportResolutions,
  roleReportResolutions,
  type AdminReport,
  type ResolveReportRequest,
} from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { showToast } from '../../../lib/toast';
import { useReports } from '../api/get-reports';
import { useResolveReport } from '../api/resolve-report';
import { SectionHeading } from './console-shell';
import { EmptyList, ListBody } from './list-states';
import { ListToggle } from './list-toggle';
import { useStatusList } from './use-list-search';
import { refusalOf } from './organization-detail';
import { ChoiceFieldset } from './choice-fieldset';
import { ReasonDialog } from './reason-dialog';
import { ReportBody, ReportedOrganization } from './report-item';

type Resolution = ResolveReportRequest['action'];

/**
 * /admin/reports: the open queue, oldest first, each resolved through a dialog; 'Resolved' shows
 * what was decided, by whom and when. Which list and its page live in the address.
 */
export function ReportsPage() {
  const { status, page, show } = useStatusList('open', 'resolved');
  const list = useReports({ status, page });

  return (
    <section aria-labelledby="console-reports" className="flex flex-col gap-5">
      <SectionHeading
        id="console-reports"
        title={consoleTexts.navReports}
        intro={consoleTexts.reportsIntro}
      />
      <ListToggle
        label={consoleTexts.reportListLabel}
        value={status}
        options={[
          { value: 'open', label: consoleTexts.openQueue },
          { value: 'resolved', label: consoleTexts.resolvedList },
        ]}
        onChange={(value) => show({ status: value })}
      />
      <ListBody
        loadingLabel={consoleTexts.loadingOf('reports')}
        list={list}
        empty={
          status === 'open' ? (
            <EmptyList title={consoleTexts.noOpenReports}>
              {consoleTexts.noOpenReportsHint}
            </EmptyList>
          ) : (
            <EmptyList title={consoleTexts.noResolvedReports} />
          )
        }
        onPage={(next) => show({ page: next })}
      >
        {(reports) => (
          <ul className="flex flex-col gap-3">
            {reports.map((report) => (
              <li
                key={report.id}
                className="grid gap-3 surface-card p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:p-5"
                data-testid="report"
              >
                <ReportedOrganization report={report} />
                {/* On phones the action comes after what it acts on, across the card. */}
                {report.status === 'open' ? (
                  <div className="order-last flex flex-col sm:order-none">
                    <ResolveReport report={report} />
                  </div>
                ) : null}
                <div className="sm:col-span-2">
                  <ReportBody report={report} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListBody>
    </section>
  );
}

function ResolveReport({ report }: { report: AdminReport }) {
  const resolve = useResolveReport();
  const [open, setOpen] = useState(false);
  const [resolution, setResolution] = useState<Resolution>('dismiss');
  const [error, setError] = useState<string | null>(null);
  const name = `resolution-${report.id}`;
  // A report about a role is dismissed or the role held (ADR 045); deleting is the profile's.
  const aboutRole = report.roleTitle !== null;

  return (
    <ReasonDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
        setResolution('dismiss');
      }}
      triggerLabel={consoleTexts.resolve}
      triggerClassName={buttonClasses('secondary', 'sm')}
      title={
        aboutRole
          ? consoleRoleTexts.resolveTitle(report.roleTitle ?? '', report.organizationName)
          : consoleTexts.resolveTitle(report.organizationName)
      }
      description={
        aboutRole ? consoleRoleTexts.resolveDescription : consoleTexts.resolveDescription
      }
      reasonHint={resolution === 'hold' ? consoleTexts.holdReasonHint : consoleTexts.reasonHint}
      tone={resolution === 'delete' ? 'danger' : 'brand'}
      confirmLabel={consoleTexts.resolve}
      busyLabel={consoleTexts.resolving}
      busy={resolve.isPending}
      error={error}
      onSubmit={(reason) => {
        setError(null);
        resolve.mutate(
          { id: report.id, action: resolution, reason },
          {
            onSuccess: () => {
              setOpen(false);
              showToast('success', consoleTexts.resolvedToast);
            },
            onError: (failure) => setError(refusalOf(failure).message),
          },
        );
      }}
    >
      {aboutRole ? (
        <ChoiceFieldset
          legend={consoleTexts.resolutionLabel}
          name={name}
          values={roleReportResolutions}
          labels={consoleRoleTexts.resolutions}
          value={resolution === 'delete' ? 'dismiss' : resolution}
          onChange={setResolution}
        />
      ) : (
        <ChoiceFieldset
          legend={consoleTexts.resolutionLabel}
          name={name}
          values={reportResolutions}
          labels={consoleTexts.resolutions}
          value={resolution}
          onChange={setResolution}
          danger="delete"
        />
      )}
    </ReasonDialog>
  );
}
