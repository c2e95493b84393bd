/**
 * What the web app's server bundle (apps/web/src/entry-server.tsx) offers the API, which renders
 * the public pages with it (ADR 017). Types only: the two meet at run time through the build.
 */
import type { Organization } from './organizations.ts';

/**
 * What the app reads of an API answer: a fetch Response in the browser; on the server a plain
 * object, since building a Response and parsing its bytes again costs more than the call itself.
 */
export type ApiAnswer = Pick<Response, 'status' | 'ok' | 'json'>;

/** Answers the app's API calls during a server render (in-process, without the visitor's cookies). */
export type ServerApiTransport = (url: string, init: RequestInit) => Promise<ApiAnswer>;

/**
 * Reference answers that are the same on every page and change only with the reference data:
 * a server-rendered page names them instead of carrying them (ADR 027), and the browser fetches
 * `/api/<name>?v=<reference version>`, which it may keep for good.
 */
export const sharedAnswerNames = ['categories', 'countries', 'category-groups'] as const;
export type SharedAnswerName = (typeof sharedAnswerNames)[number];

export type ServerRenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      /** Every query answered (or answered 'not found'): the page may be cached. */
      complete: boolean;
      /** The #root element's HTML, complete (every Suspense boundary resolved). */
      body: string;
      /** The non-executable JSON the browser hydrates from (already safe inside a script element). */
      state: string;
      /** The profile the page shows, if it shows one: the server writes the page's head from it. */
      organization: Organization | null;
      /** Source files of the matched routes' modules (keys of the Vite manifest), to preload. */
      routeModules: string[];
      /**
       * Reference answers the page read but left out of its state (`/api/<name>`): the browser
       * fetches them before hydrating, once per reference version (sharedAnswerNames).
       */
      sharedAnswers: SharedAnswerName[];
    };

export interface ServerRenderer {
  configure(options: {
    transport: ServerApiTransport;
    /** Errors thrown while rendering (the page still renders, that part in the browser). */
    onRenderError: (error: unknown) => void;
  }): void;
  render(request: Request): Promise<ServerRenderResult>;
  /**
   * The URL `url`'s page is rendered from and kept under: the same for every URL that shows the
   * same page (unknown query parameters, a filter written differently). Null: not to be kept.
   */
  pageKey(url: string): string | null;
}
