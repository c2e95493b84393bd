// Builds the server, the CLI and the share cards' drawing thread into plain JavaScript
// (apps/api/dist/server.js, cli.js and drawing-thread.js), so
// production runs them with node alone (ADR 024). Our own code (the API and @si/contracts) is
// bundled; every package from node_modules stays an import, and must be a dependency (not a
// devDependency) of the API or the contracts, or `npm prune --omit=dev` would remove it.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import * as esbuild from 'esbuild';

const workspacePackage = /^@si\//;
const dependencies = new Set(
  ['apps/api/package.json', 'packages/contracts/package.json'].flatMap((file) =>
    Object.keys(JSON.parse(readFileSync(file, 'utf8')).dependencies ?? {}),
  ),
);

const result = await esbuild.build({
  entryPoints: {
    server: 'apps/api/src/server.ts',
    cli: 'apps/api/src/cli/index.ts',
    // The share cards' drawing thread, which the server starts from the file beside it.
    'drawing-thread': 'apps/api/src/pages/share-images/drawing-thread-entry.ts',
  },
  outdir: 'apps/api/dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'node-modules-stay-imports',
      setup(build) {
        build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
          workspacePackage.test(path) ? undefined : { path, external: true },
        );
      },
    },
  ],
});

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const missing = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const { path, external } of output.imports) {
    if (!external || path.startsWith('node:')) continue;
    const name = packageName(path);
    if (!dependencies.has(name) && !builtinModules.includes(name)) missing.add(name);
  }
}
if (missing.size > 0) {
  console.error(
    `The built server imports packages that are not dependencies of @si/api or @si/contracts: ${[...missing].join(', ')}`,
  );
  process.exit(1);
}
console.log('Built apps/api/dist/server.js, cli.js and drawing-thread.js');
