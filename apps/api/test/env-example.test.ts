import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { ConfigSchema } from '../src/config.ts';

/** `.env.example` is where an operator learns the settings, so config.ts reads none it lacks. */
it('.env.example lists every setting config.ts reads, set or commented out', async () => {
  const example = await readFile(new URL('../../../.env.example', import.meta.url), 'utf8');
  const listed = new Set(
    [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map(([, name]) => name),
  );
  const settings = Object.keys(ConfigSchema.shape);
  expect(settings.length).toBeGreaterThan(0);
  expect(settings.filter((name) => !listed.has(name))).toEqual([]);
});
