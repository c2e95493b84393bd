/** How long a route loader waits for its data before the page renders with its own loading states. */
export const LOADER_MAX_WAIT_MS = 2500;

/**
 * Waits for the route's queries to be in the cache, but never longer than LOADER_MAX_WAIT_MS:
 * a slow or failing API (retried in the background) shows the page's skeletons and error
 * states instead of holding the navigation.
 */
export async function primeQueries(
  prefetches: Array<Promise<unknown>>,
  maxWaitMs = LOADER_MAX_WAIT_MS,
): Promise<null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, maxWaitMs);
  });
  await Promise.race([Promise.allSettled(prefetches), timeout]);
  clearTimeout(timer);
  return null;
}
