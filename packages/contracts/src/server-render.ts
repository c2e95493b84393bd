/**
 * What the web app's server bundle (apps/web/src/entry-server.tsx) offers the API, which renders
 * the public pages with it (ADR 017). Types only: the two meet at run time through the build.
 */

/** Answers the app's API calls during a server render (in-process, without the visitor's cookies). */
export type ServerApiTransport = (url: string, init: RequestInit) => Promise<Response>;

export type ServerRenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      /** Every query answered (or answered 'not found'): the page may be cached. */
      complete: boolean;
      /** The #root element's HTML, complete (every Suspense boundary resolved) before it starts. */
      body: ReadableStream<Uint8Array>;
      /** The non-executable JSON the browser hydrates from (already safe inside a script element). */
      state: string;
      /** What the page is made of (routes, data), without times: the same for the same HTML. */
      fingerprint: string;
      /** Source files of the matched routes' modules (keys of the Vite manifest), to preload. */
      routeModules: string[];
    };

export interface ServerRenderer {
  configure(options: {
    transport: ServerApiTransport;
    /** Errors thrown while rendering (the page still renders, that part in the browser). */
    onRenderError: (error: unknown) => void;
  }): void;
  render(request: Request): Promise<ServerRenderResult>;
}
