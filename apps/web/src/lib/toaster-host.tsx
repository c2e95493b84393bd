import { createRoot } from 'react-dom/client';
import { Toaster, toast } from 'sonner';
import type { ToastKind } from './toast';

/** SPEC.md section 9: at most 3 toasts visible, 4 s each. */
export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 4000;

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
      position="bottom-right"
      closeButton
      toastOptions={{ className: 'font-sans' }}
    />,
  );
}

/** Shows a toast; sonner replays toasts created before its Toaster subscribed. */
export function showInToaster(kind: ToastKind, message: string): void {
  mountToaster();
  toast[kind](message);
}
