// Prints the size over the wire of the JavaScript the home route (/) loads: the entry chunk, the
// app's start and the home route's lazy module, each with its static imports, as the server
// sends them to a browser that accepts brotli (the .br files the build writes, ADR 014).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';

const TARGET_KB = 120;
const HOME_ROUTE_MODULE = 'src/app/routes/home.tsx';
// The entry loads the app's start right after the first paint (ADR 017): part of the first load.
const BOOT_MODULE = 'src/app/boot.tsx';
const distDir = process.env.DIST_DIR ?? join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));

/** Collects a manifest chunk and every chunk it imports statically. */
function collect(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files);
  return files;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('No entry chunk in dist/.vite/manifest.json');
if (!manifest[HOME_ROUTE_MODULE])
  throw new Error(`No chunk for ${HOME_ROUTE_MODULE} in the manifest`);

if (!manifest[BOOT_MODULE]) throw new Error(`No chunk for ${BOOT_MODULE} in the manifest`);

const files = collect(HOME_ROUTE_MODULE, collect(BOOT_MODULE, collect(entryKey)));
let total = 0;
const rows = [];
for (const file of [...files].filter((name) => name.endsWith('.js'))) {
  const path = join(distDir, file);
  const size = existsSync(`${path}.br`)
    ? readFileSync(`${path}.br`).length
    : brotliCompressSync(readFileSync(path)).length;
  total += size;
  rows.push(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${file}`);
}
const totalKb = total / 1024;
console.log(rows.join('\n'));
console.log(`Home route JavaScript: ${totalKb.toFixed(1)} KB brotli (target ${TARGET_KB} KB)`);
if (totalKb > TARGET_KB) {
  console.error(`The home route is over its ${TARGET_KB} KB budget.`);
  process.exitCode = 1;
}
