/** Each list's indexes, by accessor: reference lists are shared by every render that reads them. */
const indexes = new WeakMap<object, Map<unknown, ReadonlyMap<string, unknown>>>();
const EMPTY: ReadonlyMap<string, never> = new Map<string, never>();

/**
 * Indexes a list by key, once per list and accessor. Pass a module-level accessor so it stays
 * stable: `const byId = (item: { id: string }) => item.id; lookupOf(categories, byId)`. A server
 * render reads the same reference lists as the one before it, so it indexes none of them again
 * (the active countries were 250 entries per home page).
 */
export function lookupOf<T>(
  items: readonly T[] | undefined,
  keyOf: (item: T) => string,
): ReadonlyMap<string, T> {
  if (!items) return EMPTY;
  let byAccessor = indexes.get(items);
  if (!byAccessor) {
    byAccessor = new Map();
    indexes.set(items, byAccessor);
  }
  let index = byAccessor.get(keyOf) as ReadonlyMap<string, T> | undefined;
  if (!index) {
    index = new Map(items.map((item) => [keyOf(item), item]));
    byAccessor.set(keyOf, index);
  }
  return index;
}

export const byId = (item: { id: string }) => item.id;
export const byCode = (item: { code: string }) => item.code;
