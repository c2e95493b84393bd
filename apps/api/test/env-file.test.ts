import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnvFile } from '../src/config.ts';

describe('the .env file', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'si-env-file-'));
  const names = ['SI_ENV_FILE_TEST_SET', 'SI_ENV_FILE_TEST_UNSET'];
  afterEach(() => {
    for (const name of names) delete process.env[name];
  });

  it('adds its settings, and a variable in the environment wins over its line', () => {
    const file = path.join(folder, '.env');
    writeFileSync(file, 'SI_ENV_FILE_TEST_SET=file\nSI_ENV_FILE_TEST_UNSET=file\n');
    process.env.SI_ENV_FILE_TEST_SET = 'environment';
    loadEnvFile(file);
    expect(process.env.SI_ENV_FILE_TEST_SET).toBe('environment');
    expect(process.env.SI_ENV_FILE_TEST_UNSET).toBe('file');
  });

  it('is optional', () => {
    expect(() => loadEnvFile(path.join(folder, 'missing.env'))).not.toThrow();
    rmSync(folder, { recursive: true, force: true });
  });
});
