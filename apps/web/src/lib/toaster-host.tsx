import { createRoot } from 'react-dom/client';
import { Toaster, toast } from 'sonner';
import type { ToastKind } from './toast';

/** docs/product.md#limits-and-constants: at most 3 toasts visible, 4 s each. */
export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 4000;

/**
 * Toasts drop in at the top centre, just below the sticky header: clear of its controls and of
 * the bars pages pin to the bottom of the screen (the editor's Save and Cancel), at every width.
 */
const belowHeader = (gap: string) => ({ top: `calc(var(--spacing-header) + ${gap})` });

let mounted = false;

function mountToaster() {
  if (mounted) return;
  mounted = true;
  const host = document.createElement('div');
  host.id = 'toasts';
  document.body.append(host);
  createRoot(host).render(
    <Toaster
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      position="top-center"
      offset={belowHeader('0.75rem')}
      mobileOffset={belowHeader('0.5rem')}
      closeButton
      toastOptions={{ className: 'font-sans' }}
    />,
  );
}

/** Shows a toast; sonner replays toasts created before its Toaster subscribed. */
export function showInToaster(kind: ToastKind, message: string): void {
  // The page is gone (a test's document torn down before a late answer's toast): nowhere to show.
  if (typeof document === 'undefined') return;
  mountToaster();
  toast[kind](message);
}
