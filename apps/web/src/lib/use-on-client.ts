import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * `read()` in the browser; false on the server and while hydrating, so a page hydrates as the
 * server rendered it and updates right after. For values that never change once read.
 */
export function useOnClient(read: () => boolean): boolean {
  return useSyncExternalStore(subscribeToNothing, read, () => false);
}
