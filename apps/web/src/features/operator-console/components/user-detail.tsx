import { Link } from 'react-router';
import {
  consoleTexts,
  consoleValueNames,
  type AdminUserDetail,
  type AdminUserRow,
} from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { showToast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { consoleKeys } from '../api/console-request';
import { useConsoleUser } from '../api/get-users';
import { useUserAction, type UserActionName } from '../api/user-actions';
import { consolePaths } from './console-shell';
import { EmailText } from './email-text';
import { formatDay, formatWhen } from './format-when';
import { RecordBody } from './list-states';
import { BackLink, Card, refusalOf } from './organization-detail';
import { consoleOrganizationPath } from './organizations-page';
import { ReasonDialog } from './reason-dialog';
import { ActionsCard, DeleteDialog, useActionDialogs, useLeaveDeleted } from './record-actions';
import { StatePill } from './state-pill';
import { UserMarks } from './users-page';

const Back = () => <BackLink to={consolePaths.users} label={consoleTexts.backToUsers} />;

/** /admin/users/:userId: the account, its organizations and subscriptions, and the actions. */
export function UserDetailPage({ id }: { id: string }) {
  const detail = useConsoleUser(id);
  useDocumentTitle(
    detail.data ? consoleTexts.titles.user(detail.data.user.email) : consoleTexts.titles.users,
  );
  return (
    <RecordBody
      record={detail}
      back={<Back />}
      notFound={consoleTexts.userNotFound}
      loadingLabel={consoleTexts.loadingOf('the account')}
    >
      {(data) => <UserRecord detail={data} />}
    </RecordBody>
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
                  <dd>{consoleValueNames.plan(subscription.plan)}</dd>
                  <dt className="text-ink-muted">{consoleTexts.status}</dt>
                  <dd>{consoleValueNames.subscriptionStatus(subscription.status)}</dd>
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
  const leaveDeleted = useLeaveDeleted();
  const dialogs = useActionDialogs<UserActionName>();
  const { open, error, openChange } = dialogs;
  const { email } = user;

  const run = (which: UserActionName) => (reason: string) => {
    dialogs.setError(null);
    action.mutate(
      { id: user.id, action: which, reason },
      {
        onSuccess: () => {
          dialogs.setOpen(null);
          if (which === 'delete') {
            showToast('success', consoleTexts.deletedUser(email));
            leaveDeleted(consolePaths.users, consoleKeys.user(user.id));
            return;
          }
          showToast('success', toasts[which]);
        },
        // An operator answers 409 with the server's words: the dialog stays open with them.
        onError: (failure) => dialogs.setError(refusalOf(failure).message),
      },
    );
  };

  const busy = action.isPending;
  const shared = { busy, error, reasonHint: consoleTexts.reasonHint };
  return (
    <ActionsCard id="console-user-actions" intro={consoleTexts.userActionsIntro}>
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
      <DeleteDialog
        busy={busy}
        error={error}
        open={open === 'delete'}
        onOpenChange={openChange('delete')}
        label={consoleTexts.deleteUser}
        title={consoleTexts.deleteUserTitle(email)}
        description={consoleTexts.deleteUserDescription}
        confirmLabel={consoleTexts.deleteUserConfirmLabel(email)}
        typed={dialogs.typed}
        onTyped={dialogs.setTyped}
        matches={dialogs.typed.trim().toLowerCase() === email.trim().toLowerCase()}
        onSubmit={run('delete')}
      />
    </ActionsCard>
  );
}
