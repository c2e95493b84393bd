import { useState } from 'react';
import { membersPageTexts as texts } from '@si/contracts';

/**
 * A dialog's confirmed action: open or not, running or not, and the server's refusal, shown in
 * the dialog, which stays open for it (the last owner's 409 says why and what to do instead).
 */
export function useDialogAction() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return {
    open,
    busy,
    error,
    onOpenChange(next: boolean) {
      if (busy) return;
      setOpen(next);
      setError(null);
    },
    /** Runs `action`; closes the dialog and calls `done` when it succeeds. */
    run(action: () => Promise<unknown>, done: () => void) {
      if (busy) return;
      setBusy(true);
      setError(null);
      action().then(
        () => {
          setBusy(false);
          setOpen(false);
          done();
        },
        (failure: unknown) => {
          setBusy(false);
          setError(failure instanceof Error && failure.message ? failure.message : texts.failed);
        },
      );
    },
  };
}
