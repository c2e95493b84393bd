import { z } from 'zod';
import { isStorableText } from '@si/contracts';

/**
 * Keyset position in the (name, id) order, opaque to clients. A forged one could hold text the
 * database refuses; it is refused here like any other broken cursor.
 */
const Position = z.tuple([z.string().max(500).refine(isStorableText), z.uuid()]);
export type Position = z.infer<typeof Position>;

export const encodeCursor = (position: Position): string =>
  Buffer.from(JSON.stringify(position)).toString('base64url');

export function decodeCursor(cursor: string): Position | null {
  try {
    return Position.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
}
