import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import {
  consoleTexts,
  consoleValueNames,
  domainVerificationTexts,
  errorCodes,
  type AdminOrganizationDetail,
  type AdminOrganizationRow,
  type Country,
} from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { consoleKeys } from '../api/console-request';
import { useConsoleOrganization } from '../api/get-organization';
import { useOrganizationAction, type OrganizationActionName } from '../api/organization-actions';
import { consolePaths } from './console-shell';
import { OwnerEmails } from './owner-emails';
import { formatWhen } from './format-when';
import { CountryName } from './country-name';
import { RecordBody } from './list-states';
import { ChoiceFieldset } from './choice-fieldset';
import { OrganizationRoles } from './organization-roles';
import { OrganizationTeam } from './organization-team';
import { ReasonDialog } from './reason-dialog';
import { refusalOf } from './refusal';
import { ActionsCard, DeleteDialog, useActionDialogs, useLeaveDeleted } from './record-actions';
import { ReportBody } from './report-item';
import { StatePill } from './state-pill';

/** Back to a section's list, above one record. */
export const BackLink = ({
  to = consolePaths.organizations,
  label = consoleTexts.backToOrganizations,
}: {
  to?: string;
  label?: string;
}) => (
  <Link to={to} className={buttonClasses('quiet', 'sm', 'w-fit px-0')}>
    <ArrowLeft aria-hidden="true" className="size-4" />
    {label}
  </Link>
);

/**
 * /admin/organizations/:id: the organization, its subscriptions and reports, and the actions.
 * `countries`: the reference list its country is named from (the app composes it in).
 */
export function OrganizationDetailPage({
  id,
  countries,
}: {
  id: string;
  countries?: readonly Country[] | undefined;
}) {
  const detail = useConsoleOrganization(id);
  useDocumentTitle(
    detail.data
      ? consoleTexts.titles.organization(detail.data.organization.name)
      : consoleTexts.titles.organizations,
  );
  return (
    <RecordBody
      record={detail}
      back={<BackLink />}
      notFound={consoleTexts.notFound}
      loadingLabel={consoleTexts.loadingOf('the organization')}
    >
      {(data) => (
        <OrganizationRecord
          detail={data}
          countries={countries}
          onChanged={() => void detail.refetch()}
        />
      )}
    </RecordBody>
  );
}

export function Card({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 surface-card p-5 sm:p-6">
      <h3 id={id} className="text-xl font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function OrganizationRecord({
  detail,
  countries,
  onChanged,
}: {
  detail: AdminOrganizationDetail;
  countries: readonly Country[] | undefined;
  onChanged: () => void;
}) {
  const { organization, subscriptions, reports, roles } = detail;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="min-w-0 text-headline font-semibold tracking-tight break-words">
            {organization.name}
          </h2>
          <StatePill state={organization.state} />
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5">
          <dt className="text-ink-muted">{consoleTexts.owners}</dt>
          <dd>
            <OwnerEmails emails={organization.ownerEmails} />
          </dd>
          <dt className="text-ink-muted">{consoleTexts.id}</dt>
          <dd className="font-mono text-sm break-all">{organization.id}</dd>
          <dt className="text-ink-muted">{consoleTexts.country}</dt>
          <dd>
            <CountryName code={organization.country} countries={countries} />
          </dd>
          <dt className="text-ink-muted">{consoleTexts.created}</dt>
          <dd>{formatWhen(organization.createdAt)}</dd>
          <dt className="text-ink-muted">{consoleTexts.version}</dt>
          <dd className="tabular-nums">{organization.version}</dd>
          <dt className="text-ink-muted">{domainVerificationTexts.console.label}</dt>
          <dd className="break-words">
            {organization.verification ? (
              <>
                <span className="font-semibold">{organization.verification.domain}</span>
                <span className="text-ink-muted">
                  {` · ${formatWhen(organization.verification.verifiedAt)}`}
                </span>
              </>
            ) : (
              domainVerificationTexts.console.none
            )}
          </dd>
        </dl>
        <a
          href={`/organizations/${encodeURIComponent(organization.id)}`}
          target="_blank"
          rel="noopener"
          className="w-fit text-brand-ink underline underline-offset-4"
        >
          {consoleTexts.publicProfile}
        </a>
      </div>
      <OrganizationActions
        organization={organization}
        // A live subscription someone paid for (a guest grant was free).
        refundable={subscriptions.some(
          (subscription) => subscription.status !== 'expired' && subscription.plan !== 'guest',
        )}
        onChanged={onChanged}
      />
      <Card id="console-subscriptions" title={consoleTexts.subscriptions}>
        {subscriptions.length === 0 ? (
          <p className="text-ink-muted">{consoleTexts.noSubscriptions}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line">
            {subscriptions.map((subscription) => (
              <li key={subscription.id} className="py-3 first:pt-0 last:pb-0">
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm sm:grid-cols-4 sm:gap-y-0">
                  <div className="contents sm:flex sm:flex-col">
                    <dt className="text-ink-muted">{consoleTexts.plan}</dt>
                    <dd className="font-semibold">{consoleValueNames.plan(subscription.plan)}</dd>
                  </div>
                  <div className="contents sm:flex sm:flex-col">
                    <dt className="text-ink-muted">{consoleTexts.status}</dt>
                    <dd>{consoleValueNames.subscriptionStatus(subscription.status)}</dd>
                  </div>
                  <div className="contents sm:flex sm:flex-col">
                    <dt className="text-ink-muted">{consoleTexts.started}</dt>
                    <dd>{formatWhen(subscription.createdAt)}</dd>
                  </div>
                  <div className="contents sm:flex sm:flex-col">
                    <dt className="text-ink-muted">{consoleTexts.periodEnd}</dt>
                    <dd>
                      {subscription.currentPeriodEnd
                        ? formatWhen(subscription.currentPeriodEnd)
                        : '–'}
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <OrganizationRoles organization={organization} roles={roles} onChanged={onChanged} />
      <OrganizationTeam organization={organization} />
      <Card id="console-organization-reports" title={consoleTexts.reports}>
        {reports.length === 0 ? (
          <p className="text-ink-muted">{consoleTexts.noReports}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line">
            {reports.map((report) => (
              <li key={report.id} className="py-3 first:pt-0 last:pb-0">
                <ReportBody report={report} />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

export { refusalOf };

function OrganizationActions({
  organization,
  refundable,
  onChanged,
}: {
  organization: AdminOrganizationRow;
  refundable: boolean;
  onChanged: () => void;
}) {
  const [refundWhen, setRefundWhen] = useState<'now' | 'period_end'>('now');
  const action = useOrganizationAction();
  const leaveDeleted = useLeaveDeleted();
  const dialogs = useActionDialogs<OrganizationActionName>();
  const { open, error, openChange } = dialogs;
  const { name } = organization;

  const run = (which: OrganizationActionName) => (reason: string) => {
    dialogs.setError(null);
    action.mutate(
      {
        id: organization.id,
        action: which,
        reason,
        version: organization.version,
        ...(which === 'refund' ? { unpublish: refundWhen } : {}),
      },
      {
        onSuccess: () => {
          dialogs.setOpen(null);
          if (which === 'delete') {
            showToast('success', consoleTexts.deleted(name));
            leaveDeleted(consolePaths.organizations, consoleKeys.organization(organization.id));
            return;
          }
          const done = {
            hold: consoleTexts.held,
            release: consoleTexts.released,
            refund: consoleTexts.refunded,
            'revoke-verification': domainVerificationTexts.console.revoked,
          } as const;
          showToast('success', done[which]);
        },
        onError: (failure) => {
          const refusal = refusalOf(failure);
          dialogs.setError(refusal.message);
          // The version shown is out of date: read it again, so the next try is on the new one.
          if (
            refusal.changed ||
            (failure instanceof ApiError && failure.code === errorCodes.notFound)
          ) {
            onChanged();
          }
        },
      },
    );
  };

  const busy = action.isPending;
  const shared = { busy, error, reasonHint: consoleTexts.reasonHint };
  return (
    <ActionsCard id="console-actions" intro={consoleTexts.actionsIntro}>
      {organization.heldByOperator ? (
        <ReasonDialog
          {...shared}
          open={open === 'release'}
          onOpenChange={openChange('release')}
          triggerLabel={consoleTexts.release}
          triggerClassName={buttonClasses('primary', 'sm')}
          title={consoleTexts.releaseTitle(name)}
          description={consoleTexts.releaseDescription}
          confirmLabel={consoleTexts.release}
          busyLabel={consoleTexts.releasing}
          onSubmit={run('release')}
        />
      ) : (
        <ReasonDialog
          {...shared}
          open={open === 'hold'}
          onOpenChange={openChange('hold')}
          triggerLabel={consoleTexts.hold}
          triggerClassName={buttonClasses('secondary', 'sm')}
          title={consoleTexts.holdTitle(name)}
          description={consoleTexts.holdDescription}
          reasonHint={consoleTexts.holdReasonHint}
          confirmLabel={consoleTexts.hold}
          busyLabel={consoleTexts.holding}
          onSubmit={run('hold')}
        />
      )}
      {refundable && (
        <ReasonDialog
          {...shared}
          open={open === 'refund'}
          onOpenChange={openChange('refund')}
          triggerLabel={consoleTexts.refund}
          triggerClassName={buttonClasses('secondary', 'sm')}
          title={consoleTexts.refundTitle(name)}
          description={consoleTexts.refundDescription}
          confirmLabel={consoleTexts.refund}
          busyLabel={consoleTexts.refunding}
          onSubmit={run('refund')}
        >
          <ChoiceFieldset
            legend={consoleTexts.refundWhenLabel}
            name={`refund-when-${organization.id}`}
            values={['now', 'period_end'] as const}
            labels={consoleTexts.refundWhen}
            value={refundWhen}
            onChange={setRefundWhen}
          />
        </ReasonDialog>
      )}
      {organization.verification ? (
        <ReasonDialog
          {...shared}
          open={open === 'revoke-verification'}
          onOpenChange={openChange('revoke-verification')}
          triggerLabel={domainVerificationTexts.console.revoke}
          triggerClassName={buttonClasses('secondary', 'sm')}
          title={domainVerificationTexts.console.revokeTitle}
          description={domainVerificationTexts.console.revokeHelp}
          // The owner is emailed the reason, as for a hold.
          reasonHint={consoleTexts.holdReasonHint}
          confirmLabel={domainVerificationTexts.console.revoke}
          busyLabel={domainVerificationTexts.console.revoking}
          onSubmit={run('revoke-verification')}
        />
      ) : null}
      <DeleteDialog
        busy={busy}
        error={error}
        open={open === 'delete'}
        onOpenChange={openChange('delete')}
        label={consoleTexts.deleteOrganization}
        title={consoleTexts.deleteTitle(name)}
        description={consoleTexts.deleteDescription}
        confirmLabel={consoleTexts.deleteConfirmLabel(name)}
        typed={dialogs.typed}
        onTyped={dialogs.setTyped}
        matches={dialogs.typed.trim() === name.trim()}
        onSubmit={run('delete')}
      />
    </ActionsCard>
  );
}
