import { useState } from 'react';
import {
  roleEditorTexts as texts,
  roleInsightTexts,
  roleKindNames,
  type Country,
  type Role,
  type RoleInsight,
} from '@si/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { cx } from '../../../lib/class-names';
import { formatDay } from '../../../lib/format-day';
import { placeOf } from '../../../lib/role-place';
import { showToast } from '../../../lib/toast';
import type { RoleWrite } from '../api/owner-roles';

const statusTone: Record<Role['status'], string> = {
  open: 'bg-brand-soft text-brand-ink',
  closed: 'bg-sunken text-ink-muted',
  expired: 'bg-sunken text-ink-muted',
  held: 'bg-danger-soft text-danger-ink',
};

export interface RoleRowProps {
  role: Role;
  countries: readonly Country[];
  /** Its views and Apply clicks; undefined while they load (nothing is shown then). */
  insight: RoleInsight | null | undefined;
  onEdit: () => void;
  write: (write: RoleWrite) => Promise<unknown>;
}

/** One of the owner's roles: where it stands, and what the owner may do with it. */
export function RoleRow({ role, countries, insight, onEdit, write }: RoleRowProps) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const act = async (action: RoleWrite, done: string) => {
    setBusy(true);
    try {
      await write(action);
      showToast('success', done);
    } catch (error) {
      showToast('error', error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  const open = role.status === 'open';
  return (
    <li
      className="flex flex-col gap-3 rounded-control border border-line p-4"
      data-testid="owner-role"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="font-semibold break-words text-ink">{role.title}</p>
          <p className="text-sm text-ink-muted">
            {roleKindNames[role.kind]} ·{' '}
            {placeOf(
              role,
              (code) => countries.find((country) => country.code === code)?.name ?? code,
            )}
          </p>
        </div>
        <span
          className={cx(
            'rounded-full px-2.5 py-0.5 text-sm font-semibold',
            statusTone[role.status],
          )}
        >
          {texts.status[role.status]}
        </span>
      </div>
      <p className="text-sm text-ink-subtle">
        {texts.posted(formatDay(role.postedAt))} · {texts.closes(formatDay(role.closesOn))}
      </p>
      {insight !== undefined ? (
        <p className="text-sm text-ink-subtle" data-testid="owner-role-insight">
          {roleInsightTexts.counts(insight?.views ?? 0, insight?.applyClicks ?? 0)}
        </p>
      ) : null}
      {role.status === 'held' && role.heldReason ? (
        <p className="text-sm text-danger-ink">{texts.heldBecause(role.heldReason)}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onEdit} disabled={busy}>
          {texts.edit}
          <span className="sr-only"> {role.title}</span>
        </Button>
        {open ? (
          // The public page: only an open role has one (the others answer 410).
          <a
            href={`/organizations/${role.organizationId}/roles/${role.id}`}
            className={buttonClasses('secondary', 'sm')}
          >
            {texts.view}
            <span className="sr-only"> {role.title}</span>
          </a>
        ) : null}
        {open ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() => void act({ kind: 'close', roleId: role.id }, texts.closedToast)}
          >
            {texts.close}
            <span className="sr-only"> {role.title}</span>
          </Button>
        ) : role.status !== 'held' ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() =>
              void act({ kind: 'reopen', roleId: role.id, input: {} }, texts.reopenedToast)
            }
          >
            {texts.reopen}
            <span className="sr-only"> {role.title}</span>
          </Button>
        ) : null}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={texts.remove}
          triggerLabel={`${texts.remove} ${role.title}`}
          title={texts.deleteTitle}
          description={texts.deleteBody(role.title)}
          cancelLabel={texts.cancel}
          confirmLabel={texts.remove}
          busyLabel={texts.deleting}
          busy={busy}
          onConfirm={() =>
            void act({ kind: 'delete', roleId: role.id }, texts.deletedToast).then(() =>
              setConfirming(false),
            )
          }
        />
      </div>
    </li>
  );
}
