import { useState } from 'react';
import {
  consoleRoleTexts,
  consoleTexts,
  type AdminOrganizationRow,
  type AdminRole,
  type RoleStatus,
} from '@si/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useRoleAction } from '../api/role-actions';
import { formatDay } from './format-when';
import { refusalOf } from './refusal';
import { ReasonDialog } from './reason-dialog';
import { Pill, type PillTone } from './state-pill';

const tones: Record<RoleStatus, PillTone> = {
  open: 'success',
  closed: 'muted',
  expired: 'warning',
  held: 'danger',
};

/**
 * An organization's roles on its console page (ADR 045): each with its status, and Hold role or
 * Release role behind a dialog that asks why, made on the role as shown.
 */
export function OrganizationRoles({
  organization,
  roles,
  onChanged,
}: {
  organization: Pick<AdminOrganizationRow, 'id' | 'name'>;
  roles: AdminRole[];
  onChanged: () => void;
}) {
  return (
    <section
      aria-labelledby="console-organization-roles"
      className="flex flex-col gap-4 surface-card p-5 sm:p-6"
    >
      <h3 id="console-organization-roles" className="text-xl font-semibold">
        {consoleRoleTexts.rolesHeading}
      </h3>
      {roles.length === 0 ? (
        <p className="text-ink-muted">{consoleRoleTexts.noRoles}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {roles.map((role) => (
            <li
              key={role.id}
              data-testid="console-role"
              className="grid gap-3 py-3 first:pt-0 last:pb-0 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
            >
              <RoleSummary organizationId={organization.id} role={role} />
              <RoleAction organizationId={organization.id} role={role} onChanged={onChanged} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RoleSummary({ organizationId, role }: { organizationId: string; role: AdminRole }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold break-words">{role.title}</span>
        <Pill tone={tones[role.status]}>{consoleRoleTexts.statusNames[role.status]}</Pill>
        {role.openReports > 0 ? (
          <span className="text-sm text-danger-ink">
            {consoleRoleTexts.openReports(role.openReports)}
          </span>
        ) : null}
      </div>
      <p className="text-sm text-ink-muted">
        {`${consoleRoleTexts.posted} ${formatDay(role.postedAt)} · ${consoleRoleTexts.closes} ${formatDay(role.closesOn)}`}
      </p>
      {role.status === 'held' && role.heldReason ? (
        <p className="text-sm break-words whitespace-pre-line text-danger-ink">
          {consoleRoleTexts.heldBecause(role.heldReason)}
        </p>
      ) : null}
      {role.status === 'open' ? (
        <a
          href={`/organizations/${encodeURIComponent(organizationId)}/roles/${encodeURIComponent(role.id)}`}
          target="_blank"
          rel="noopener"
          className="w-fit text-sm text-brand-ink underline underline-offset-4"
        >
          {consoleRoleTexts.publicRole}
        </a>
      ) : null}
    </div>
  );
}

function RoleAction({
  organizationId,
  role,
  onChanged,
}: {
  organizationId: string;
  role: AdminRole;
  onChanged: () => void;
}) {
  const action = useRoleAction();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const held = role.status === 'held';
  const which = held ? 'release' : 'hold';

  const submit = (reason: string) => {
    setError(null);
    action.mutate(
      { organizationId, roleId: role.id, action: which, reason, updatedAt: role.updatedAt },
      {
        onSuccess: () => {
          setOpen(false);
          showToast('success', held ? consoleRoleTexts.released : consoleRoleTexts.held);
        },
        onError: (failure) => {
          const refusal = refusalOf(failure);
          setError(refusal.message);
          // The role shown is out of date or gone: read it again for the next try.
          if (refusal.changed || (failure instanceof ApiError && failure.status === 404)) {
            onChanged();
          }
        },
      },
    );
  };

  return (
    <ReasonDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
      triggerLabel={held ? consoleRoleTexts.release : consoleRoleTexts.hold}
      triggerClassName={buttonClasses(held ? 'primary' : 'secondary', 'sm')}
      title={
        held ? consoleRoleTexts.releaseTitle(role.title) : consoleRoleTexts.holdTitle(role.title)
      }
      description={held ? consoleRoleTexts.releaseDescription : consoleRoleTexts.holdDescription}
      reasonHint={held ? consoleTexts.reasonHint : consoleTexts.holdReasonHint}
      confirmLabel={held ? consoleRoleTexts.release : consoleRoleTexts.hold}
      busyLabel={held ? consoleRoleTexts.releasing : consoleRoleTexts.holding}
      busy={action.isPending}
      error={error}
      onSubmit={submit}
    />
  );
}
