// `npm run docs:check` (part of `npm run check`): every reference to a markdown file, in every
// text file git knows, must land on a file of the repository, and a `#fragment` on a heading of
// it. The documents a comment cites are the ones a reader who clones the repository can open.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, basename } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Files whose markdown names are examples, not references: the checker and its test. */
const OWN_FILES = new Set([
  'scripts/check-doc-references.mjs',
  'scripts/check-doc-references.test.mjs',
]);
const SKIPPED = /(^|\/)(node_modules|dist|dist-server)\/|(^|\/)package-lock\.json$/;
const BINARY = /\.(png|jpe?g|gif|webp|ico|woff2?|ttf|otf|pdf|zip|gz|br|wasm|tar)$/i;

/**
 * A markdown file's name as prose, code or a link writes it: `SPEC.md`, `docs/product.md`,
 * `../decisions/018-x.md#costs`. Not part of a longer word or path (the lookbehind), and not a
 * web address (dropped below).
 */
const REFERENCE =
  /(?<![\w./-])((?:\.{1,2}\/|[\w@-][\w.@-]*\/)*[\w-][\w.-]*\.md)(#[\w-]+)?(?![\w-]|\.\w)/g;
/** A link to a heading of the same markdown file: `[text](#heading)`. */
const LOCAL_LINK = /\]\((#[\w-]+)\)/g;
/** The quoted citation form: docs/product.md, 'Route access'. */
const QUOTED_SECTION = /([\w./-]*\.md),? '([^']+)'/g;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The headings of a markdown text (outside code fences), with GitHub's anchors. */
export function headings(markdown) {
  const titles = [];
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    titles.push(heading[1].replace(/`/g, '').toLowerCase());
    const base = slug(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return { titles, anchors };
}

/**
 * Every dangling reference in `files` (paths relative to the repository root, with a reader of
 * their text): `{ file, line, reference, problem }`. A path resolves against its file's folder,
 * then the root; a bare name matches a file of that name anywhere in the repository.
 */
export function findDanglingReferences(files, read) {
  const paths = new Set(files);
  const names = new Set(files.map((file) => basename(file)));
  const headingsOf = new Map();
  const headingsFor = (file) => {
    if (!headingsOf.has(file)) headingsOf.set(file, headings(read(file)));
    return headingsOf.get(file);
  };
  const resolve = (from, target) => {
    for (const candidate of [join(dirname(from), target), target]) {
      const path = normalize(candidate);
      if (paths.has(path)) return path;
    }
    if (!target.includes('/') && names.has(target)) return null; // somewhere; anchors unchecked
    return undefined;
  };

  const dangling = [];
  for (const file of files) {
    if (OWN_FILES.has(file)) continue;
    const lines = read(file).split('\n');
    lines.forEach((text, index) => {
      const report = (reference, problem) =>
        dangling.push({ file, line: index + 1, reference, problem });
      // Web addresses name other sites' files, which this repository cannot vouch for.
      const local = text.replace(/\b[a-z][\w+.-]*:\/\/\S+/gi, (url) => ' '.repeat(url.length));

      for (const [, target, fragment] of local.matchAll(REFERENCE)) {
        const path = resolve(file, target);
        if (path === undefined) report(target, 'no such file');
        else if (fragment && path && !headingsFor(path).anchors.has(fragment.slice(1)))
          report(`${target}${fragment}`, 'no such heading');
      }
      for (const [, target, section] of local.matchAll(QUOTED_SECTION)) {
        const path = resolve(file, target);
        if (path && !headingsFor(path).titles.includes(section.toLowerCase()))
          report(`${target}, '${section}'`, 'no such heading');
      }
      if (file.endsWith('.md'))
        for (const [, fragment] of local.matchAll(LOCAL_LINK))
          if (!headingsFor(file).anchors.has(fragment.slice(1)))
            report(fragment, 'no such heading');
    });
  }
  return dangling;
}

function trackedTextFiles(root) {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '-z'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return listed
    .split('\0')
    .filter((file) => file && !SKIPPED.test(file) && !BINARY.test(file))
    .filter((file) => existsSync(join(root, file)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const files = trackedTextFiles(root);
  const texts = new Map();
  const read = (file) => {
    if (!texts.has(file)) {
      const text = readFileSync(join(root, file), 'utf8');
      texts.set(file, text.includes('\0') ? '' : text);
    }
    return texts.get(file);
  };
  const dangling = findDanglingReferences(files, read);
  for (const { file, line, reference, problem } of dangling)
    console.error(
      `${relative(process.cwd(), join(root, file))}:${line}: ${reference} (${problem})`,
    );
  if (dangling.length > 0) {
    console.error(`\n${dangling.length} markdown references land nowhere in the repository.`);
    process.exit(1);
  }
  console.log(`Markdown references: ${files.length} files checked, none dangling.`);
}
