// `npm start`'s first step: runs `npm run build` when a built file is missing or older than the
// newest source, and otherwise does nothing, so a second start serves at once. The build's own
// output goes to stderr: `npm run cli` runs this too, and its stdout is the command's.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const builtFiles = [
  'apps/api/dist/server.js',
  'apps/api/dist/cli.js',
  'apps/web/dist/index.html',
  'apps/web/dist-server/entry-server.js',
];
const sources = [
  'apps/api/src',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
];

const newest = (entry) => {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...readdirSync(entry).map((name) => newest(path.join(entry, name))),
  );
};

const built = builtFiles.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0));
const oldestBuilt = Math.min(...built);
const newestSource = Math.max(...sources.map(newest));

if (oldestBuilt > 0 && oldestBuilt >= newestSource) process.exit(0);

// A production install (after `npm prune --omit=dev`) cannot build: it serves what it has. (Vite
// itself may stay: npm keeps optional peers of production packages, such as better-auth's.)
if (oldestBuilt > 0 && !existsSync('node_modules/@vitejs/plugin-react')) {
  console.error(
    'The build is older than the sources, but the build tools are not installed: serving the existing build.',
  );
  process.exit(0);
}
console.error(
  oldestBuilt === 0
    ? 'No build yet: building.'
    : 'The sources changed since the last build: building.',
);
const build = spawnSync('npm', ['run', 'build'], { stdio: ['inherit', 2, 2] });
process.exit(build.status ?? 1);
