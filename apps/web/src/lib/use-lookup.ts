import { useMemo } from 'react';

/**
 * Indexes a list by key, memoised on the list. Pass a module-level accessor so it stays stable:
 * `const byId = (item: { id: string }) => item.id; useLookup(categories, byId)`.
 */
export function useLookup<T>(
  items: readonly T[] | undefined,
  keyOf: (item: T) => string,
): ReadonlyMap<string, T> {
  return useMemo(() => new Map((items ?? []).map((item) => [keyOf(item), item])), [items, keyOf]);
}

export const byId = (item: { id: string }) => item.id;
export const byCode = (item: { code: string }) => item.code;
