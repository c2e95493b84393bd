import { constants } from 'node:zlib';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const reactLibraries = /node_modules[\\/](react|react-dom|scheduler)[\\/.]/;
const coreLibraries =
  /node_modules[\\/](react-router|@tanstack[\\/](query-core|react-query))[\\/.]/;
const coreSources = /src[\\/](lib|components[\\/]ui|features[\\/]site[\\/]api)[\\/]/;
const notOnFirstLoad =
  /(mutationObserver|useMutation|mutationOptions|hydration|HydrationBoundary|queriesObserver|useQueries|streamedQuery|useSuspense|usePrefetch|useMutationState|useIsFetching|scroll-to-top-button|safe-url|safe-redirect|role-place|milestone-date|session-lost-message|forget-user|text-field|password-field|notice|confirm-dialog|dialog-frame|counted-text-area|toaster-host|lib[\\/]toast|list-state|section-nav)\./;

const profileParts =
  /((contracts[\\/]src[\\/](member-roles|role-names|report-texts|insights)|lib[\\/](role-place|milestone-date)|auth[\\/]api[\\/]get-session)\.ts|organization-profile[\\/]components[\\/]report-profile\.tsx)$/;

const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

/**
 * The server bundle (`vite build --ssr src/entry-server.tsx`): the public pages the API renders
 * (ADR 017).
 * Every package goes inside it, React's production build among them: the server renders with
 * the code the browser hydrates with, whatever NODE_ENV the API runs under (React's development
 * build renders several times slower).
 */
const serverBuild = defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  // Production JSX too, even when the build runs under NODE_ENV=test (the API tests build it).
  oxc: { jsx: { development: false } },
  ssr: { noExternal: true },
  build: {
    outDir: 'dist-server',
    emptyOutDir: true,
    copyPublicDir: false,
    target: 'node20',
    sourcemap: false,
  },
});

const browserBuild = defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    tailwindcss(),
    // Every text asset is compressed once, at the strongest settings, and the server sends the
    // .br or .gz file to a browser that accepts it (@fastify/static's preCompressed): visitors
    // get the bytes the build's size report counts, at no cost per request.
    compression({
      include: /\.(js|mjs|css|svg|json|xml|txt|webmanifest)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
      '/sitemap.xml': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // Every browser the app supports has <link rel=modulepreload>: no polyfill in the entry.
    // The app's start (app/boot.tsx) loads the core chunk; every lazy module after it finds the
    // core loaded: listing it among their preloads again only lengthens the preload table (ADR 005).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (filename, deps) =>
        /(^|\/)boot-[\w-]+\.js$/.test(filename)
          ? deps
          : deps.filter((dep) => !/(^|\/)(core|react|rolldown-runtime)-[\w-]+\.js$/.test(dep)),
    },
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // The shared contracts module builds zod schemas at module level; the web app only
        // uses its texts and constants (and types), so unused schemas must not reach the bundle.
        moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]/, sideEffects: false }],
        manualPureFunctions: ['z'],
      },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: (id: string) => reactLibraries.test(id),
            },
            {
              // What every page needs on its first load, in one chunk beside the entry instead of
              // many tiny ones; code only lazy routes use stays in their own chunks.
              name: 'core',
              test: (id: string) =>
                id.includes('rolldown/runtime') ||
                ((coreLibraries.test(id) || coreSources.test(id)) && !notOnFirstLoad.test(id)),
            },
            {
              // The small modules a profile's first load takes beside its route (its owner's
              // role, its roles' names, places and dates, the report button and its texts, the
              // visit count, the session): one response instead of seven, each with headers that
              // Lighthouse counts. Their imports stay where they are (in core): pulled in here,
              // Vite's preload helper would move out of the entry and load on every page.
              name: 'profile-parts',
              test: profileParts,
              includeDependenciesRecursively: false,
            },
            {
              // The small modules both public lists (the directory, the open roles) take on their
              // first load: one response instead of three, as for a profile's parts above.
              name: 'list-parts',
              test: /(hiring-texts|save-search-session|save-search-control|saved-search-button-texts)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            {
              // zod, with the contracts' reference schemas that every schema of the forms builds
              // on: one chunk for the pages with forms, one entry in the preload table.
              name: 'schemas',
              test: /node_modules[\\/]zod[\\/]|packages[\\/]contracts[\\/]src[\\/]reference\.ts/,
            },
          ],
        },
      },
    },
  },
});

export default defineConfig((env) => (env.isSsrBuild ? serverBuild : browserBuild));
