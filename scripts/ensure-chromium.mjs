// Browser tests use Debian's Chromium (Playwright cannot download its own browser here).
// Installs it when missing and this user may; otherwise stops with the exact command to run.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  const command = 'apt-get update && apt-get install -y chromium';
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium is missing for the browser tests. Install it with:\n  sudo sh -c '${command}'`,
    );
    process.exit(1);
  }
  console.log(`Chromium is missing: running ${command}`);
  execSync(command, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    shell: '/bin/sh',
  });
}
