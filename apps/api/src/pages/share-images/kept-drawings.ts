/** Where drawings are kept for the next cards: a Map, or an LRUCache for those that vary. */
interface Keeper<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): unknown;
  delete(key: string): unknown;
}

/**
 * The drawing kept under `key`, or drawn now and kept, so cards drawn at once share one drawing.
 * A drawing that fails is let go, to be tried again by the next card.
 */
export function kept<T>(
  keeper: Keeper<Promise<T>>,
  key: string,
  draw: () => Promise<T>,
): Promise<T> {
  let found = keeper.get(key);
  if (!found) {
    found = draw();
    keeper.set(key, found);
    found.catch(() => keeper.delete(key));
  }
  return found;
}
