/**
 * Toasts without putting the toast library on the first load: the first call loads sonner and
 * mounts its <Toaster> in a root of its own (lib/toaster-host.tsx).
 */
export type ToastKind = 'success' | 'error' | 'info';

export function showToast(kind: ToastKind, message: string): void {
  void import('./toaster-host').then(({ showInToaster }) => showInToaster(kind, message));
}
