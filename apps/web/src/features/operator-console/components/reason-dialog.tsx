import { useId, useState, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { AdminReason, consoleTexts, ADMIN_REASON_MAX } from '@si/contracts';
import { Button } from '../../../components/ui/button';
import { dangerButtonClasses } from '../../../components/ui/confirm-dialog';
import { buttonClasses } from '../../../components/ui/button';
import { CloseIcon } from '../../../components/ui/icons';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { cx } from '../../../lib/class-names';

export interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog, and its look. */
  triggerLabel: string;
  triggerClassName: string;
  title: string;
  description: string;
  reasonHint: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  /** 'danger' for what cannot be undone. */
  tone?: 'danger' | 'brand';
  /** The server's refusal, shown above the form. */
  error: string | null;
  /** Fields before the reason (the resolution to pick, the name to type). */
  children?: ReactNode;
  /** False while the fields before the reason are not filled in as asked. */
  ready?: boolean;
  onSubmit: (reason: string) => void;
}

/**
 * An operator action behind a dialog that asks why (ADR 028): the reason is required, checked
 * with the API's own rule and messages, and goes to the audit log (and to the owner for a hold).
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const { busy, tone = 'brand', ready = true } = props;
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const fieldId = useId();
  const messageId = `${fieldId}-message`;
  // Closed by its owner after a success: the next dialog (often another action's, in the same
  // place) starts empty.
  const [wasOpen, setWasOpen] = useState(props.open);
  if (props.open !== wasOpen) {
    setWasOpen(props.open);
    if (!props.open) {
      setReason('');
      setReasonError(null);
    }
  }

  const changeOpen = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setReason('');
      setReasonError(null);
    }
    props.onOpenChange(next);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (busy || !ready) return;
    const parsed = AdminReason.safeParse(reason);
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? consoleTexts.loadFailed);
      return;
    }
    setReasonError(null);
    props.onSubmit(parsed.data);
  };

  return (
    <Dialog.Root open={props.open} onOpenChange={changeOpen}>
      <Dialog.Trigger className={props.triggerClassName}>{props.triggerLabel}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 motion-safe:data-[state=open]:animate-fade-in" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-card bg-surface p-6 shadow-raised outline-none motion-safe:data-[state=open]:animate-fade-in">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title
              className={cx(
                'text-xl font-semibold break-words',
                tone === 'danger' ? 'text-danger-ink' : 'text-ink',
              )}
            >
              {props.title}
            </Dialog.Title>
            <Dialog.Close
              aria-label={consoleTexts.cancel}
              disabled={busy}
              className="-mt-2 -mr-2 flex size-touch shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-sunken"
            >
              <CloseIcon className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-ink-muted">{props.description}</Dialog.Description>
          <form noValidate onSubmit={submit} className="flex flex-col gap-4">
            {props.error ? <Notice tone="danger" message={props.error} /> : null}
            {props.children}
            <div className="flex flex-col gap-1.5">
              <label htmlFor={fieldId} className="font-semibold text-ink">
                {consoleTexts.reasonLabel}
              </label>
              <textarea
                id={fieldId}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                rows={3}
                maxLength={ADMIN_REASON_MAX + 100}
                aria-required="true"
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={messageId}
                className={cx('field px-3 py-2', reasonError ? 'border-danger-ink' : undefined)}
              />
              <p
                id={messageId}
                className={cx('text-sm', reasonError ? 'text-danger-ink' : 'text-ink-subtle')}
              >
                {reasonError ?? props.reasonHint}
              </p>
            </div>
            <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => changeOpen(false)} disabled={busy}>
                {consoleTexts.cancel}
              </Button>
              <button
                type="submit"
                className={tone === 'danger' ? dangerButtonClasses : buttonClasses('primary')}
                disabled={busy || !ready}
                aria-busy={busy}
              >
                {busy ? <Spinner /> : null}
                {busy ? props.busyLabel : props.confirmLabel}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The name (or email) to type before an irreversible action can be pressed. */
export function TypedConfirmation({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        value={value}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
        className="field px-3"
      />
    </div>
  );
}
