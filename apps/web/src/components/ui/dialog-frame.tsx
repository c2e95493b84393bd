import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { CloseIcon } from './icons';

/** The dimmed page behind a modal dialog. */
export const dialogOverlayClasses =
  'fixed inset-0 z-50 bg-ink/40 motion-safe:data-[state=open]:animate-fade-in';
/** A modal dialog's card: centred, never wider or taller than the screen, scrolling inside. */
export const dialogContentClasses =
  'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-card bg-surface p-6 shadow-raised outline-none motion-safe:data-[state=open]:animate-fade-in';

export interface DialogFrameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What opens it, inside the dialog's root (a radix Dialog.Trigger); none when opened by state. */
  trigger?: ReactNode;
  title: string;
  /** 'danger' for what cannot be undone. */
  titleTone?: 'danger' | 'ink';
  description: string;
  /** The close button's accessible name (the dialog's Cancel). */
  closeLabel: string;
  children: ReactNode;
}

/**
 * A modal dialog with a form or content of its own (radix Dialog): title, a close button,
 * description, then the children. Focus moves in, stays in, and returns to where it came from.
 */
export function DialogFrame(props: DialogFrameProps) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      {props.trigger}
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClasses} />
        <Dialog.Content className={dialogContentClasses}>
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title
              className={`text-xl font-semibold ${props.titleTone === 'danger' ? 'text-danger-ink' : 'text-ink'}`}
            >
              {props.title}
            </Dialog.Title>
            <Dialog.Close
              aria-label={props.closeLabel}
              className="-mt-2 -mr-2 flex size-touch shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-sunken"
            >
              <CloseIcon className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-ink-muted">{props.description}</Dialog.Description>
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
