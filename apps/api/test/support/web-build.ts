import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { createTestApp, type TestContext } from './test-app.ts';

const webRoot = fileURLToPath(new URL('../../../web', import.meta.url));
/** The browser build's template in miniature: the server needs its markers, not its scripts. */
const template = `<!doctype html><html lang="en"><head><meta charset="UTF-8"><!--app-head--><title>x</title><!--/app-head--><script type="module" src="/assets/index-abc.js"></script><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body><div id="root"></div></body></html>`;
/** Like the build's stylesheet, which every page links to. */
const stylesheet = Array.from({ length: 40 }, (_, i) => `.rule-${i}{margin:${i}px}`).join('\n');

export interface WebBuild {
  /** WEB_DIST_DIR for the app: a small template, and the server bundle beside it. */
  distDir: string;
  remove(): Promise<void>;
}

/**
 * What the server needs to render pages: a browser build in miniature and the real server
 * bundle, built from the web app's sources as `npm run build` builds it.
 */
export async function buildWebForTests(): Promise<WebBuild> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'scaling-impact-ssr-'));
  await mkdir(path.join(workDir, 'dist', 'assets'), { recursive: true });
  await writeFile(path.join(workDir, 'dist', 'index.html'), template);
  await writeFile(path.join(workDir, 'dist', 'assets', 'index-abc.css'), stylesheet);
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'silent',
    build: { ssr: 'src/entry-server.tsx', outDir: path.join(workDir, 'dist-server') },
  });
  return {
    distDir: path.join(workDir, 'dist'),
    remove: () => rm(workDir, { recursive: true, force: true }),
  };
}

/**
 * An app that renders pages as production does, on a fresh database, with nothing kept between
 * requests of the directory and no rate limits: what the page tests need. Its close removes
 * the build too.
 */
export async function createPagesTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const web = await buildWebForTests();
  const ctx = await createTestApp({
    DIRECTORY_CACHE_MS: '0',
    RATE_LIMITS: 'off',
    ...env,
    WEB_DIST_DIR: web.distDir,
  }).catch(async (error: unknown) => {
    await web.remove();
    throw error;
  });
  return {
    ...ctx,
    close: async () => {
      await ctx.close();
      await web.remove();
    },
  };
}
