import { useState, type ReactNode } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { consoleTexts } from '@si/contracts';
import { dangerOutlineClasses } from '../../../components/ui/confirm-dialog';
import { ReasonDialog, TypedConfirmation } from './reason-dialog';

/** A record's actions (an organization's, a user's), each written to the audit log. */
export function ActionsCard({
  id,
  intro,
  children,
}: {
  id: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 surface-card p-5 sm:p-6">
      <div className="flex flex-col gap-1">
        <h3 id={id} className="text-xl font-semibold">
          {consoleTexts.actions}
        </h3>
        <p className="text-ink-muted">{intro}</p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">{children}</div>
    </section>
  );
}

/**
 * Which of a record's action dialogs is open, the server's refusal shown in it, and the name
 * typed to confirm a deletion; all cleared when a dialog opens or closes.
 */
export function useActionDialogs<Name extends string>() {
  const [open, setOpen] = useState<Name | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const openChange = (which: Name) => (next: boolean) => {
    setOpen(next ? which : null);
    setError(null);
    setTyped('');
  };
  return { open, setOpen, error, setError, typed, setTyped, openChange };
}

/** Delete, in a dialog whose button is pressed only once `expected` is typed. */
export function DeleteDialog({
  open,
  onOpenChange,
  busy,
  error,
  title,
  description,
  label,
  confirmLabel,
  typed,
  onTyped,
  matches,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  error: string | null;
  title: string;
  description: string;
  /** The button's words. */
  label: string;
  /** The label of the field to type into. */
  confirmLabel: string;
  typed: string;
  onTyped: (value: string) => void;
  matches: boolean;
  onSubmit: (reason: string) => void;
}) {
  return (
    <ReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      error={error}
      reasonHint={consoleTexts.reasonHint}
      triggerLabel={label}
      triggerClassName={dangerOutlineClasses}
      tone="danger"
      title={title}
      description={description}
      confirmLabel={label}
      busyLabel={consoleTexts.deleting}
      ready={matches}
      onSubmit={onSubmit}
    >
      <TypedConfirmation label={confirmLabel} value={typed} onChange={onTyped} />
    </ReasonDialog>
  );
}

/** After a deletion: back to the section's list, then the deleted record's query dropped. */
export function useLeaveDeleted() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (listPath: string, recordKey: QueryKey) =>
    void Promise.resolve(navigate(listPath, { replace: true })).then(() =>
      queryClient.removeQueries({ queryKey: recordKey }),
    );
}
