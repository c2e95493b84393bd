// `npm run dev`: the API (restarting on change) and Vite's dev server, which proxies /api to it.
import { execFileSync, spawn } from 'node:child_process';

// The first screen's font is made at build time (apps/web/scripts/first-screen-font.mjs).
execFileSync('node', ['scripts/first-screen-font.mjs'], { stdio: 'inherit', cwd: 'apps/web' });

const children = [
  // Visitors use Vite's address in development: it is the origin their requests carry, which
  // the API's cross-site check and identity layer compare with PUBLIC_URL.
  spawn('node', ['--watch', '--import', 'tsx', 'apps/api/src/server.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', cwd: 'apps/web' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
