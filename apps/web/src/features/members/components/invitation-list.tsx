import { useState } from 'react';
import { MailPlus, RefreshCw } from 'lucide-react';
import { memberRoleNames, membersPageTexts as texts, type PendingInvitation } from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListState } from '../../../components/ui/list-state';
import { Notice } from '../../../components/ui/notice';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { formatDay } from '../../../lib/format-day';
import { showToast } from '../../../lib/toast';
import type { WriteMember } from './member-dialogs';
import { Badge } from './role-controls';
import { useDialogAction } from './use-dialog-action';

export interface InvitationListProps {
  invitations: PendingInvitation[] | undefined;
  pending: boolean;
  failed: boolean;
  onRetry: () => void;
  write: WriteMember;
}

/** The invitations waiting for an answer, each with Resend and Revoke (owners only). */
export function InvitationList({
  invitations,
  pending,
  failed,
  onRetry,
  write,
}: InvitationListProps) {
  if (pending) return <Skeleton className="h-20" />;
  if (failed || !invitations) {
    return (
      <ListState failed={texts.invitationsFailed} retryLabel={texts.retry} onRetry={onRetry} />
    );
  }
  if (invitations.length === 0) {
    return (
      <ListState
        empty={texts.noInvitations}
        icon={<MailPlus className="size-6" />}
        frame="compact"
        as="h3"
      >
        {texts.noInvitationsBody}
      </ListState>
    );
  }
  return (
    <ul className="flex flex-col gap-3" data-testid="invitations">
      {invitations.map((invitation) => (
        <InvitationRow key={invitation.id} invitation={invitation} write={write} />
      ))}
    </ul>
  );
}

function InvitationRow({
  invitation,
  write,
}: {
  invitation: PendingInvitation;
  write: WriteMember;
}) {
  const [resending, setResending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const revoke = useDialogAction();
  const { email } = invitation;
  const resend = () => {
    setResending(true);
    setError(null);
    write({ kind: 'resend', invitationId: invitation.id }).then(
      () => {
        setResending(false);
        showToast('success', texts.resent(email));
      },
      (failure: unknown) => {
        setResending(false);
        setError(failure instanceof Error && failure.message ? failure.message : texts.failed);
      },
    );
  };
  return (
    <li
      className="flex flex-col gap-3 rounded-control border border-line p-4"
      data-testid="invitation"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
            <span className="min-w-0 break-all">{email}</span>
            <Badge>{memberRoleNames[invitation.role]}</Badge>
            {invitation.expired ? <Badge tone="warning">{texts.expired}</Badge> : null}
          </p>
          <p className="text-sm text-ink-subtle">
            {texts.sent(formatDay(invitation.sentAt))}
            {invitation.expired ? null : ` · ${texts.expires(formatDay(invitation.expiresAt))}`}
          </p>
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            className="flex-1 sm:flex-none"
            aria-label={texts.resendLabel(email)}
            onClick={resend}
            disabled={resending}
            aria-busy={resending}
          >
            {resending ? <Spinner /> : <RefreshCw aria-hidden="true" className="size-4" />}
            {texts.resend}
          </Button>
          <ConfirmDialog
            open={revoke.open}
            onOpenChange={revoke.onOpenChange}
            trigger={texts.revoke}
            triggerLabel={texts.revokeLabel(email)}
            title={texts.revokeTitle(email)}
            titleTone="danger"
            description={texts.revokeBody}
            cancelLabel={texts.cancel}
            confirmLabel={texts.revokeConfirm}
            busyLabel={texts.revoking}
            busy={revoke.busy}
            onConfirm={() =>
              revoke.run(
                () => write({ kind: 'revoke', invitationId: invitation.id }),
                () => showToast('success', texts.revoked(email)),
              )
            }
          >
            {revoke.error ? <Notice tone="danger" message={revoke.error} /> : null}
          </ConfirmDialog>
        </div>
      </div>
      {error ? <Notice tone="danger" message={error} /> : null}
    </li>
  );
}
