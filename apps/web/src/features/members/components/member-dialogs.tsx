import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { membersPageTexts as texts, type OrganizationMember } from '@si/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../lib/toast';
import type { MemberWrite } from '../api/members';
import { useDialogAction } from './use-dialog-action';

export type WriteMember = (write: MemberWrite) => Promise<unknown>;

/** The name a member goes by on the page: their name, else their address. */
export const memberName = (member: Pick<OrganizationMember, 'name' | 'email'>) =>
  member.name.trim() || member.email;

interface MemberDialogProps {
  member: OrganizationMember;
  organizationName: string;
  write: WriteMember;
}

/** An owner removes another member, after confirming. */
export function RemoveMemberDialog({ member, organizationName, write }: MemberDialogProps) {
  const action = useDialogAction();
  const name = memberName(member);
  return (
    <ConfirmDialog
      open={action.open}
      onOpenChange={action.onOpenChange}
      trigger={texts.remove}
      triggerLabel={texts.removeLabel(name)}
      title={texts.removeTitle(name)}
      titleTone="danger"
      description={texts.removeBody(name, organizationName)}
      cancelLabel={texts.cancel}
      confirmLabel={texts.removeConfirm}
      busyLabel={texts.removing}
      busy={action.busy}
      onConfirm={() =>
        action.run(
          () => write({ kind: 'remove', userId: member.userId }),
          () => showToast('success', texts.removed(name)),
        )
      }
    >
      {action.error ? <Notice tone="danger" message={action.error} /> : null}
    </ConfirmDialog>
  );
}

export interface TransferDialogProps extends MemberDialogProps {
  /** After handing over and leaving: the caller can no longer see this page. */
  onLeft: (message: string) => void;
}

/**
 * An owner hands ownership to a member: the member becomes an owner, the caller an editor or
 * out of the organization, in one call (ADR 047).
 */
export function TransferOwnershipDialog(props: TransferDialogProps) {
  const { member, organizationName, write, onLeft } = props;
  const action = useDialogAction();
  const [then, setThen] = useState<'editor' | 'leave'>('editor');
  const name = memberName(member);
  const confirm = () =>
    action.run(
      () => write({ kind: 'transfer', request: { userId: member.userId, then } }),
      () =>
        then === 'leave'
          ? onLeft(texts.transferredAndLeft(name, organizationName))
          : showToast('success', texts.transferred(name)),
    );
  return (
    <DialogFrame
      open={action.open}
      onOpenChange={action.onOpenChange}
      trigger={
        <Dialog.Trigger
          aria-label={texts.transferLabel(name)}
          className={buttonClasses('secondary', 'sm')}
        >
          {texts.transfer}
        </Dialog.Trigger>
      }
      title={texts.transferTitle(name)}
      description={texts.transferBody(name, organizationName)}
      closeLabel={texts.cancel}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-semibold text-ink">{texts.transferThen}</legend>
        {(['editor', 'leave'] as const).map((choice) => (
          <label
            key={choice}
            className="flex min-h-touch cursor-pointer items-center gap-3 rounded-control border border-line px-3 has-checked:border-brand has-checked:bg-brand-soft sm:min-h-10"
          >
            <input
              type="radio"
              name="transfer-then"
              value={choice}
              checked={then === choice}
              onChange={() => setThen(choice)}
              className="size-4 accent-brand"
            />
            <span>{choice === 'editor' ? texts.transferStay : texts.transferLeave}</span>
          </label>
        ))}
      </fieldset>
      {action.error ? <Notice tone="danger" message={action.error} /> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          onClick={() => action.onOpenChange(false)}
          disabled={action.busy}
        >
          {texts.cancel}
        </Button>
        <Button onClick={confirm} disabled={action.busy} aria-busy={action.busy}>
          {action.busy ? <Spinner /> : null}
          {action.busy ? texts.transferring : texts.transferConfirm}
        </Button>
      </div>
    </DialogFrame>
  );
}

export interface LeaveDialogProps {
  selfId: string;
  organizationName: string;
  write: WriteMember;
  onLeft: (message: string) => void;
}

/** Any member leaves, after confirming; the only owner is told why they cannot. */
export function LeaveOrganizationDialog({
  selfId,
  organizationName,
  write,
  onLeft,
}: LeaveDialogProps) {
  const action = useDialogAction();
  return (
    <ConfirmDialog
      open={action.open}
      onOpenChange={action.onOpenChange}
      trigger={texts.leave}
      title={texts.leaveTitle(organizationName)}
      titleTone="danger"
      description={texts.leaveBody}
      cancelLabel={texts.cancel}
      confirmLabel={texts.leaveConfirm}
      busyLabel={texts.leaving}
      busy={action.busy}
      onConfirm={() =>
        action.run(
          () => write({ kind: 'leave', userId: selfId }),
          () => onLeft(texts.left(organizationName)),
        )
      }
    >
      {action.error ? <Notice tone="danger" message={action.error} testId="leave-refused" /> : null}
    </ConfirmDialog>
  );
}
