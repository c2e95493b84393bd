import { useState } from 'react';
import {
  activityTexts,
  addOwnerTexts,
  describeActivity,
  type AdminOrganizationRow,
} from '@si/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { showToast } from '../../../lib/toast';
import { useAddOwner, useConsoleActivity } from '../api/organization-team';
import { formatWhen } from './format-when';
import { ReasonDialog } from './reason-dialog';
import { refusalOf } from './refusal';

/**
 * An organization's team on its console page (ADR 048): its activity, naming operators too,
 * and "Add an owner" for a support case, behind a dialog that asks for the account and why.
 */
export function OrganizationTeam({
  organization,
}: {
  organization: Pick<AdminOrganizationRow, 'id' | 'name'>;
}) {
  return (
    <section
      aria-labelledby="console-organization-activity"
      className="flex flex-col gap-4 surface-card p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="console-organization-activity" className="text-xl font-semibold">
          {activityTexts.consoleHeading}
        </h3>
        <AddOwner organizationId={organization.id} />
      </div>
      <ConsoleActivity organizationId={organization.id} />
    </section>
  );
}

function AddOwner({ organizationId }: { organizationId: string }) {
  const addOwner = useAddOwner(organizationId);
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const openChange = (next: boolean) => {
    setError(null);
    if (!next) setEmail('');
    setOpen(next);
  };
  const submit = (reason: string) => {
    setError(null);
    addOwner.mutate(
      { email, reason },
      {
        onSuccess: () => {
          showToast('success', addOwnerTexts.done(email.trim()));
          openChange(false);
        },
        onError: (failure) => setError(refusalOf(failure).message),
      },
    );
  };
  return (
    <ReasonDialog
      open={open}
      onOpenChange={openChange}
      triggerLabel={addOwnerTexts.button}
      triggerClassName={buttonClasses('secondary', 'sm')}
      title={addOwnerTexts.dialogTitle}
      description={addOwnerTexts.reasonHint}
      reasonHint={addOwnerTexts.reasonHint}
      confirmLabel={addOwnerTexts.confirm}
      busyLabel={addOwnerTexts.confirm}
      busy={addOwner.isPending}
      error={error}
      ready={email.trim() !== ''}
      onSubmit={submit}
    >
      <TextField
        label={addOwnerTexts.emailLabel}
        type="email"
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
    </ReasonDialog>
  );
}

function ConsoleActivity({ organizationId }: { organizationId: string }) {
  const activity = useConsoleActivity(organizationId);
  if (activity.isPending) return <p className="text-ink-muted">{activityTexts.loading}</p>;
  if (activity.isError) {
    return <p className="text-danger-ink">{refusalOf(activity.error).message}</p>;
  }
  const entries = activity.data.pages.flatMap((page) => page.data);
  if (entries.length === 0) return <p className="text-ink-muted">{activityTexts.empty}</p>;
  return (
    <div className="flex flex-col gap-3">
      <ol className="flex flex-col divide-y divide-line" aria-label={activityTexts.title}>
        {entries.map((entry) => (
          <li key={entry.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
            <span className="break-words">{describeActivity(entry)}</span>
            <span className="text-sm break-words text-ink-muted">
              {[formatWhen(entry.at), entry.details.reason].filter(Boolean).join(' · ')}
            </span>
          </li>
        ))}
      </ol>
      {activity.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          className="w-fit"
          disabled={activity.isFetchingNextPage}
          onClick={() => void activity.fetchNextPage()}
        >
          {activityTexts.more}
        </Button>
      ) : null}
    </div>
  );
}
