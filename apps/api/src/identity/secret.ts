import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The file the embedded default keeps its secret in, under DATA_DIR. */
export const AUTH_SECRET_FILE = 'auth-secret';

/**
 * AUTH_SECRET when configured; otherwise a random secret kept in DATA_DIR, so the embedded
 * default needs no setup and sessions survive a restart.
 */
export async function resolveAuthSecret(
  configured: string | undefined,
  dataDir: string,
): Promise<string> {
  const found = await readAuthSecret(configured, dataDir);
  if (found) return found.value;
  const secret = randomBytes(32).toString('base64url');
  await writeAuthSecretFile(dataDir, secret);
  return secret;
}

/**
 * The secret a server started with these settings signs with, and where it comes from, without
 * making one; null when AUTH_SECRET is unset and DATA_DIR holds none yet.
 */
export async function readAuthSecret(
  configured: string | undefined,
  dataDir: string,
): Promise<{ value: string; source: 'environment' | 'data-dir' } | null> {
  if (configured) return { value: configured, source: 'environment' };
  const existing = await readFile(path.resolve(dataDir, AUTH_SECRET_FILE), 'utf8').catch(() => '');
  return existing.trim().length >= 32 ? { value: existing.trim(), source: 'data-dir' } : null;
}

/** Writes DATA_DIR/auth-secret, readable by its owner only. */
export async function writeAuthSecretFile(dataDir: string, secret: string): Promise<void> {
  const file = path.resolve(dataDir, AUTH_SECRET_FILE);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, secret, { mode: 0o600 });
}
