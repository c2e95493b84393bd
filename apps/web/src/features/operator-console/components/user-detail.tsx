import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { consoleTexts, type AdminUserDetail, type AdminUserRow } from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { dangerOutlineClasses } from '../../../components/ui/confirm-dialog';
import { StatusCard } from '../../../components/ui/status-card';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { consoleKeys } from '../api/console-request';
import { useConsoleUser } from '../api/get-users';
import { useUserAction, type UserActionName } from '../api/user-actions';
import { consolePaths } from './console-shell';
import { EmailText } from './email-text';
import { formatDay, formatWhen } from './format-when';
import { ListSkeleton, LoadFailed } from './list-states';
import { BackLink, Card, refusalOf } from './organization-detail';
import { consoleOrganizationPath } from './organizations-page';
import { ReasonDialog, TypedConfirmation } from './reason-dialog';
import { StatePill } from './state-pill';
import { UserMarks } from './users-page';

const Back = () => <BackLink to={consolePaths.users} label={consoleTexts.backToUsers} />;

/** /admin/users/:userId: the account, its organizations and subscriptions, and the actions. */
export function UserDetailPage({ id }: { id: string }) {
  const detail = useConsoleUser(id);
  useDocumentTitle(
    detail.data ? consoleTexts.titles.user(detail.data.user.email) : consoleTexts.titles.users,
  );
  if (detail.isPending) {
    return (
      <>
        <Back />
        <ListSkeleton rows={4} />
      </>
    );
  }
  if (detail.isError) {
    const missing =
      detail.error instanceof ApiError && (detail.error.isNotFound || detail.error.status === 400);
    return (
      <>
        <Back />
        {missing ? (
          <StatusCard title={consoleTexts.userNotFound} as="h2" className="max-w-none" />
        ) : (
          <LoadFailed error={detail.error} onRetry={() => void detail.refetch()} />
        )}
      </>
    );
  }
  return (
    <>
      <Back />
      <UserRecord detail={detail.data} />
    </>
  );
}

function UserRecord({ detail }: { detail: AdminUserDetail }) {
  const { user, organizations, subscriptions } = detail;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="min-w-0 text-headline font-semibold tracking-tight">
            <EmailText email={user.email} />
          </h2>
          <UserMarks user={user} />
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5">
          <dt className="text-ink-muted">{consoleTexts.name}</dt>
          <dd className="break-words">{user.name || consoleTexts.noName}</dd>
          <dt className="text-ink-muted">{consoleTexts.verified}</dt>
          <dd>{user.emailVerified ? consoleTexts.yes : consoleTexts.no}</dd>
          <dt className="text-ink-muted">{consoleTexts.accountState}</dt>
          <dd>{user.disabled ? consoleTexts.disabled : consoleTexts.active}</dd>
          <dt className="text-ink-muted">{consoleTexts.id}</dt>
          <dd className="font-mono text-sm break-all">{user.id}</dd>
          <dt className="text-ink-muted">{consoleTexts.joined}</dt>
          <dd>{formatWhen(user.createdAt)}</dd>
        </dl>
      </div>
      <UserActions user={user} />
      <Card id="console-user-organizations" title={consoleTexts.userOrganizations}>
        {organizations.length === 0 ? (
          <p className="text-ink-muted">{consoleTexts.noUserOrganizations}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line">
            {organizations.map((organization) => (
              <li
                key={organization.id}
                className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-3 first:pt-0 last:pb-0"
              >
                <Link
                  to={consoleOrganizationPath(organization.id)}
                  className="min-w-0 font-semibold break-words text-brand-ink underline-offset-4 hover:underline"
                >
                  {organization.name}
                </Link>
                <StatePill state={organization.state} />
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card id="console-user-subscriptions" title={consoleTexts.userSubscriptions}>
        {subscriptions.length === 0 ? (
          <p className="text-ink-muted">{consoleTexts.noSubscriptions}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line">
            {subscriptions.map((subscription) => (
              <li key={subscription.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
                <span className="font-semibold break-words">{subscription.organizationName}</span>
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm sm:grid-cols-[repeat(4,auto_minmax(0,1fr))]">
                  <dt className="text-ink-muted">{consoleTexts.plan}</dt>
                  <dd>{subscription.plan}</dd>
                  <dt className="text-ink-muted">{consoleTexts.status}</dt>
                  <dd>{subscription.status}</dd>
                  <dt className="text-ink-muted">{consoleTexts.started}</dt>
                  <dd>{formatDay(subscription.createdAt)}</dd>
                  <dt className="text-ink-muted">{consoleTexts.periodEnd}</dt>
                  <dd>
                    {subscription.currentPeriodEnd ? formatDay(subscription.currentPeriodEnd) : '–'}
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

const toasts: Record<Exclude<UserActionName, 'delete'>, string> = {
  disable: consoleTexts.disabledToast,
  enable: consoleTexts.enabledToast,
};

function UserActions({ user }: { user: AdminUserRow }) {
  const action = useUserAction();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<UserActionName | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [typedEmail, setTypedEmail] = useState('');
  const { email } = user;

  const openChange = (which: UserActionName) => (next: boolean) => {
    setOpen(next ? which : null);
    setError(null);
    setTypedEmail('');
  };

  const run = (which: UserActionName) => (reason: string) => {
    setError(null);
    action.mutate(
      { id: user.id, action: which, reason },
      {
        onSuccess: () => {
          setOpen(null);
          if (which === 'delete') {
            showToast('success', consoleTexts.deletedUser(email));
            void Promise.resolve(navigate(consolePaths.users, { replace: true })).then(() =>
              queryClient.removeQueries({ queryKey: consoleKeys.user(user.id) }),
            );
            return;
          }
          showToast('success', toasts[which]);
        },
        // An operator answers 409 with the server's words: the dialog stays open with them.
        onError: (failure) => setError(refusalOf(failure).message),
      },
    );
  };

  const shared = { busy: action.isPending, error, reasonHint: consoleTexts.reasonHint };
  return (
    <section
      aria-labelledby="console-user-actions"
      className="flex flex-col gap-3 surface-card p-5 sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h3 id="console-user-actions" className="text-xl font-semibold">
          {consoleTexts.actions}
        </h3>
        <p className="text-ink-muted">{consoleTexts.userActionsIntro}</p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {user.disabled ? (
          <ReasonDialog
            {...shared}
            open={open === 'enable'}
            onOpenChange={openChange('enable')}
            triggerLabel={consoleTexts.enable}
            triggerClassName={buttonClasses('primary', 'sm')}
            title={consoleTexts.enableTitle(email)}
            description={consoleTexts.enableDescription}
            confirmLabel={consoleTexts.enable}
            busyLabel={consoleTexts.enabling}
            onSubmit={run('enable')}
          />
        ) : (
          <ReasonDialog
            {...shared}
            open={open === 'disable'}
            onOpenChange={openChange('disable')}
            triggerLabel={consoleTexts.disable}
            triggerClassName={buttonClasses('secondary', 'sm')}
            title={consoleTexts.disableTitle(email)}
            description={consoleTexts.disableDescription}
            confirmLabel={consoleTexts.disable}
            busyLabel={consoleTexts.disabling}
            onSubmit={run('disable')}
          />
        )}
        <ReasonDialog
          {...shared}
          open={open === 'delete'}
          onOpenChange={openChange('delete')}
          triggerLabel={consoleTexts.deleteUser}
          triggerClassName={dangerOutlineClasses}
          tone="danger"
          title={consoleTexts.deleteUserTitle(email)}
          description={consoleTexts.deleteUserDescription}
          confirmLabel={consoleTexts.deleteUser}
          busyLabel={consoleTexts.deleting}
          ready={typedEmail.trim().toLowerCase() === email.trim().toLowerCase()}
          onSubmit={run('delete')}
        >
          <TypedConfirmation
            label={consoleTexts.deleteUserConfirmLabel(email)}
            value={typedEmail}
            onChange={setTypedEmail}
          />
        </ReasonDialog>
      </div>
    </section>
  );
}
