import { useEffect, useRef } from 'react';

/** Calls `callback(value)` once `value` has stopped changing for `delayMs`. Skips the first render. */
export function useDebouncedEffect<T>(
  value: T,
  delayMs: number,
  callback: (value: T) => void,
): void {
  const callbackRef = useRef(callback);
  const first = useRef(true);
  useEffect(() => {
    callbackRef.current = callback;
  });
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = window.setTimeout(() => callbackRef.current(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
}
