import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../../package-paths.ts';

export const PRODUCT = 'scaling-impact';
export const FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';
export const tableEntryName = (table: string) => `tables/${table}.jsonl`;
export const UPLOADS_PREFIX = 'uploads/';
/** The entry holding the secret sessions and emailed links were signed with (ADR 036). */
export const AUTH_SECRET_ENTRY = 'auth-secret';

export interface Manifest {
  product: string;
  format: number;
  /** The schema the rows fit: how many migrations had run, and the last one's tag. */
  schema: { migrations: number; last: string };
  createdAt: string;
  database: 'pglite' | 'postgres';
  tables: Record<string, { rows: number; columns: string[]; sha256: string }>;
  /** Image files by storage key; null when the images live in a bucket (S3_BUCKET). */
  uploads: Record<string, { bytes: number; sha256: string }> | null;
  /**
   * The auth secret in AUTH_SECRET_ENTRY: where the server read it (AUTH_SECRET, or the file in
   * DATA_DIR) and its digest. Absent in backups made before it was kept.
   */
  authSecret?: { source: 'environment' | 'data-dir'; sha256: string };
}

/** The migrations this code applies, in order (drizzle's journal). */
export function migrationTags(): string[] {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  return journal.entries.map((entry) => entry.tag);
}
