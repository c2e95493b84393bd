import type { ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { buttonClasses } from './button';
import { dialogContentClasses, dialogOverlayClasses } from './dialog-frame';
import { Spinner } from './spinner';

/** A destructive action's button: filled, in the danger colour. */
export const dangerButtonClasses =
  'inline-flex min-h-touch items-center justify-center gap-2 rounded-control bg-danger-ink px-4 font-semibold text-on-brand transition-colors hover:bg-danger-ink/90 disabled:cursor-not-allowed disabled:opacity-60 sm:min-h-10';
/** The quieter button that opens a destructive action's confirmation. */
export const dangerOutlineClasses =
  'inline-flex min-h-touch items-center justify-center gap-2 rounded-control border border-danger-line bg-surface px-3 text-sm font-semibold text-danger-ink transition-colors hover:border-danger-ink hover:bg-danger-soft sm:min-h-9';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the outlined trigger button shows, and its accessible name when that is not enough. */
  trigger: ReactNode;
  triggerLabel?: string;
  title: string;
  /** 'danger' for what cannot be undone. */
  titleTone?: 'danger' | 'ink';
  description: string;
  /** Shown under the description (an error the dialog stays open for). */
  children?: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
}

/**
 * A destructive action behind a confirmation (radix AlertDialog): Cancel and the action, which
 * shows a spinner and its busy label while it runs; neither can be pressed twice meanwhile.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { busy } = props;
  return (
    <AlertDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <AlertDialog.Trigger className={dangerOutlineClasses} aria-label={props.triggerLabel}>
        {props.trigger}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayClasses} />
        <AlertDialog.Content className={dialogContentClasses}>
          <AlertDialog.Title
            className={`text-xl font-semibold ${props.titleTone === 'danger' ? 'text-danger-ink' : 'text-ink'}`}
          >
            {props.title}
          </AlertDialog.Title>
          <AlertDialog.Description className="text-ink-muted">
            {props.description}
          </AlertDialog.Description>
          {props.children}
          <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses('secondary')} disabled={busy}>
              {props.cancelLabel}
            </AlertDialog.Cancel>
            <button
              type="button"
              className={dangerButtonClasses}
              onClick={props.onConfirm}
              disabled={busy}
              aria-busy={busy}
            >
              {busy ? <Spinner /> : null}
              {busy ? props.busyLabel : props.confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
