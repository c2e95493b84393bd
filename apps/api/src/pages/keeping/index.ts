/**
 * Page keeping's one entry point (README.md beside it; ADR 027, ADR 030): the page cache and
 * the page store app.ts makes, createPageKeeping() that serves a page kept, stored or rendered
 * now, and the job that stores profiles' pages ahead. Nothing outside this folder imports its
 * other files.
 */
export { createPageCache, type KeptPage, type PageCache } from './page-cache.ts';
export { createPageStore, type PageStore } from './page-store.ts';
export {
  createPageKeeping,
  type PageKeeping,
  type PageSource,
  type PageToKeep,
} from './page-keeping.ts';
export {
  profileRegenerationJob,
  type ProfileRegenerationJob,
  type Regeneration,
  type RegenerationRun,
} from './profile-regeneration.ts';
