import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ApiAnswer, ServerRenderer, ServerRenderResult } from '@si/contracts';
import { alertCodes } from '../metrics/alert-codes.ts';
import { inProcessHeaders } from '../http/in-process-requests.ts';

/** An API answer as the app reads it: its status and its parsed body (undefined: none). */
function answerOf(status: number, body: unknown): ApiAnswer {
  return {
    status,
    ok: status >= 200 && status < 300,
    json: () =>
      body === undefined ? Promise.reject(new SyntaxError('no body')) : Promise.resolve(body),
  };
}

/** A JSON body, or undefined when there is none or it is not JSON (the app reads neither). */
function parsedBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * What a page's request read before its render (the directory's version for a list page): the
 * render's answers hold to it instead of asking the database again.
 */
export interface RenderBasis {
  directoryVersion?: number;
  /** Filled by the render: the organizations its directory list shows (their impressions). */
  shown?: string[];
}

/** What a render reaches the API with, and reports its errors to: its own app's. */
interface RenderingApp {
  transport: (url: string, init: RequestInit, basis: RenderBasis) => Promise<ApiAnswer>;
  onRenderError(error: unknown): void;
  basis: RenderBasis;
}

/**
 * The app each render belongs to. The server bundle is one module per process, configured once
 * for all, while the API answers of a render must come from the app that renders it: a process
 * holding two apps (the tests' instances) would otherwise send every render to the app
 * configured last, even once it is closed.
 */
const renderingApp = new AsyncLocalStorage<RenderingApp>();

/** The build's manifest entry of a module: its file and the chunks it imports statically. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

export interface PageRenderer {
  render(url: string, basis?: RenderBasis): Promise<ServerRenderResult>;
  /** The URL a page is kept under (ServerRenderer.pageKey): a path, with home's filter. */
  pageKey(url: string): string | null;
  /** The build files a rendered page's routes need, beyond what the template already loads. */
  preloads(routeModules: string[]): string[];
}

/** Every chunk a module loads statically, itself included. */
function chunksOf(manifest: Record<string, ManifestChunk>, key: string, into = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunksOf(manifest, imported, into);
  return into;
}

export interface PageRendererOptions {
  /**
   * Answers a GET the way its route would, without going through the route (no request, no
   * JSON written and read again): for the reads every page render makes. Null: not one of them.
   */
  answerDirectly(
    url: string,
    basis: RenderBasis,
  ): Promise<{ status: number; body: unknown }> | null;
  /**
   * Names what a GET answer holds when it may serve many renders (reference data): the answer
   * is asked for once and given again while the name stays the same. Null: asked every time.
   */
  keptAnswer(url: string): Promise<string | null>;
}

/**
 * Loads the web app's server bundle (apps/web/dist-server, built beside dist) and answers its
 * API calls in-process, without a socket and without any visitor's cookies (the pages are public
 * and cacheable): with app.inject (the same routes, validation and services a browser's request
 * meets), except the reads the options answer directly or keep. Null when the bundle has not
 * been built: pages then render in the browser.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  distDir: string,
  { answerDirectly, keptAnswer }: PageRendererOptions,
): Promise<PageRenderer | null> {
  const bundle = path.join(path.dirname(path.resolve(distDir)), 'dist-server', 'entry-server.js');
  if (!existsSync(bundle)) return null;
  let renderer: ServerRenderer;
  try {
    renderer = (await import(pathToFileURL(bundle).href)) as ServerRenderer;
  } catch (error) {
    app.log.error(
      { err: error, bundle, code: alertCodes.serverRenderFailed },
      'server bundle failed to load: pages render in the browser',
    );
    return null;
  }

  /**
   * Reference answers, parsed once: every render reads the same object. Nothing in a render
   * writes to query data (TanStack Query keeps it as given, and it is only serialized after).
   */
  const keptAnswers = new Map<string, { name: string; body: unknown }>();
  const transport: RenderingApp['transport'] = async (url, init, basis) => {
    const method = init.method ?? 'GET';
    const name = method === 'GET' ? await keptAnswer(url) : null;
    const kept = name === null ? undefined : keptAnswers.get(url);
    if (kept?.name === name) return answerOf(200, kept.body);
    const direct = method === 'GET' ? answerDirectly(url, basis) : null;
    if (direct) {
      const { status, body } = await direct;
      return answerOf(status, body);
    }
    const answer = await app.inject({
      method: method as 'GET',
      url,
      headers: { accept: 'application/json', ...inProcessHeaders },
      ...(init.signal ? { signal: init.signal } : {}),
    });
    const body = parsedBody(answer.body);
    if (name !== null && answer.statusCode === 200) keptAnswers.set(url, { name, body });
    return answerOf(answer.statusCode, body);
  };
  const own: RenderingApp = {
    transport,
    basis: {},
    onRenderError: (error) =>
      app.log.error({ err: error, code: alertCodes.serverRenderFailed }, 'server render error'),
  };
  renderer.configure({
    transport: (url, init) => {
      const rendering = renderingApp.getStore();
      if (!rendering) throw new Error(`an API call outside any render: ${url}`);
      return rendering.transport(url, init, rendering.basis);
    },
    onRenderError: (error) => (renderingApp.getStore() ?? own).onRenderError(error),
  });

  let manifest: Record<string, ManifestChunk> = {};
  try {
    manifest = JSON.parse(
      await readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>;
  } catch {
    // Without the browser build's manifest (API tests), pages render without preload links.
  }
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const loadedByEntry = entryKey ? chunksOf(manifest, entryKey) : new Set<string>();

  return {
    render: (url, basis = {}) =>
      renderingApp.run({ ...own, basis }, () =>
        renderer.render(new Request(url, { headers: { accept: 'text/html' } })),
      ),
    pageKey: (url) => renderer.pageKey(url),
    preloads: (routeModules) => {
      const files = new Set<string>();
      for (const key of routeModules) chunksOf(manifest, key, files);
      return [...files].filter((file) => !loadedByEntry.has(file));
    },
  };
}
