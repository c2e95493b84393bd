import { useEffect, useState } from 'react';

/** docs/product.md#limits-and-constants: a moved category stays highlighted for 0.8 s. */
export const REORDER_HIGHLIGHT_MS = 800;

/** The id of the item just moved, cleared REORDER_HIGHLIGHT_MS after its latest move. */
export function useReorderHighlight(): [string | null, (id: string) => void] {
  const [moved, setMoved] = useState<{ id: string; at: number } | null>(null);
  useEffect(() => {
    if (!moved) return;
    const timer = window.setTimeout(() => setMoved(null), REORDER_HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [moved]);
  return [moved?.id ?? null, (id: string) => setMoved({ id, at: Date.now() })];
}
