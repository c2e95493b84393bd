// Prints the size over the wire of the JavaScript each server-rendered page loads first, and fails
// the build when one is over budget (ADR 005): the entry chunk, the app's start and the page's
// route module, each with its static imports, as the server sends them to a browser that accepts
// brotli (the .br files the build writes, ADR 014). Every public page counts, not only home: a
// profile once carried the schema library (22 KB) while this report printed home's figure alone.
// What a page imports later, at run time, is counted by the browser test of the same budget
// (e2e/first-load.spec.ts), which sums what the browser actually downloads.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';

const TARGET_KB = 120;
/** The route module of each page the server renders (ADR 017), by the name the report gives it. */
const PAGES = {
  home: 'src/app/routes/home.tsx',
  profile: 'src/app/routes/organization-detail.tsx',
  role: 'src/app/routes/role-detail.tsx',
  roles: 'src/app/routes/roles.tsx',
  about: 'src/app/routes/about.tsx',
  contact: 'src/app/routes/contact.tsx',
  faq: 'src/app/routes/faq.tsx',
  privacy: 'src/app/routes/privacy.tsx',
  'not found': 'src/app/routes/not-found.tsx',
};
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

function brotliSize(file) {
  const path = join(distDir, file);
  return existsSync(`${path}.br`)
    ? readFileSync(`${path}.br`).length
    : brotliCompressSync(readFileSync(path)).length;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('No entry chunk in dist/.vite/manifest.json');
for (const module of [BOOT_MODULE, ...Object.values(PAGES)]) {
  if (!manifest[module]) throw new Error(`No chunk for ${module} in the manifest`);
}

const shared = collect(BOOT_MODULE, collect(entryKey));
const over = [];
for (const [page, module] of Object.entries(PAGES)) {
  const files = [...collect(module, new Set(shared))].filter((name) => name.endsWith('.js'));
  const totalKb = files.reduce((sum, file) => sum + brotliSize(file), 0) / 1024;
  if (page === 'home') {
    for (const file of files) {
      console.log(`  ${(brotliSize(file) / 1024).toFixed(1).padStart(6)} KB  ${file}`);
    }
  }
  console.log(
    `${page[0].toUpperCase()}${page.slice(1)} JavaScript: ${totalKb.toFixed(1)} KB brotli (target ${TARGET_KB} KB)`,
  );
  if (totalKb > TARGET_KB) over.push(page);
}
if (over.length > 0) {
  console.error(`Over the ${TARGET_KB} KB budget of a first load: ${over.join(', ')}.`);
  process.exitCode = 1;
}
