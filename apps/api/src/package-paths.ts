import { fileURLToPath } from 'node:url';

/**
 * Folders the server reads at run time, found from this file's place. It sits one folder below
 * apps/api, as the built server does (apps/api/dist/server.js bundles it, and import.meta.url is
 * then the bundle's), so the same relative URLs hold from the sources and from the build.
 */
export const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

/** The web app's client build (its server bundle is beside it, in dist-server). */
export const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
