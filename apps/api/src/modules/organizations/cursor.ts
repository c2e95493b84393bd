import { z } from 'zod';

/** Keyset position in the (name, id) order, opaque to clients. */
const Position = z.tuple([z.string(), z.uuid()]);
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
