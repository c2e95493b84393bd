import { useEffect, useState } from 'react';

/** Seconds left of a countdown from `from`, one tick a second, stopping at 0. */
export function useCountdown(from: number): number {
  const [left, setLeft] = useState(from);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((seconds) => seconds - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return left;
}
