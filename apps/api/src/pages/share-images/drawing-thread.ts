import { Worker } from 'node:worker_threads';
import type { ShareCardContent } from './share-card.ts';

/** What the server asks of the drawing thread: a card, or the alphabet measured ahead. */
type Asked =
  | { kind: 'draw'; content: Omit<ShareCardContent, 'logo' | 'banner'> & Images }
  | { kind: 'measure' };

export type DrawingRequest = Asked & { id: number };

interface Images {
  logo: Uint8Array | null;
  banner: Uint8Array | null;
}

/** Its answer: the card's PNG, nothing (measured), or why it failed. */
export interface DrawingAnswer {
  id: number;
  png?: Uint8Array;
  error?: string;
}

/**
 * The thread's entry: the built file beside the built server (scripts/build-server.mjs), or the
 * TypeScript source beside this one, loaded through tsx, when the server runs from source (the
 * tests, `npm run dev`).
 */
const fromSource = import.meta.url.endsWith('.ts');
const entry = new URL(
  fromSource ? './drawing-thread-entry.ts' : './drawing-thread.js',
  import.meta.url,
).href;

export function startWorker(): Worker {
  if (!fromSource) return new Worker(new URL(entry));
  // Found from the working directory, inside the repository whenever the source runs.
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`,
    { eval: true },
  );
}

interface Waiting {
  resolve(answer: DrawingAnswer): void;
  reject(error: Error): void;
}

/**
 * One thread per process draws every share card (ADR 026). A drawing allocates about a megabyte
 * outside V8's heap (Pango's lines, the deflated rows, the PNG); on the server's own thread that
 * set off a full garbage collection of the whole heap, the directory's index with it, every one
 * to five seconds under first fetches: 20 to 50 ms of pause and up to 150 ms more of marking,
 * which every request in flight waited through. The thread's heap holds only what drawings keep,
 * and its collections stop no request. It is started on the first card, kept while cards are
 * asked for, and started again if it ever stops. `start` is for the tests, which stop one.
 */
export function drawingThread(start: () => Worker = startWorker) {
  let worker: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<number, Waiting>();

  function stopped(error: Error) {
    worker = null;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  }

  function running(): Worker {
    if (worker) return worker;
    const started = start();
    // The thread keeps the process alive only while a card is being drawn.
    started.unref();
    started.on('message', (answer: DrawingAnswer) => {
      const found = waiting.get(answer.id);
      if (!found) return;
      waiting.delete(answer.id);
      if (waiting.size === 0) started.unref();
      found.resolve(answer);
    });
    started.on('error', (error) => {
      if (worker === started) stopped(error);
    });
    started.on('exit', (code) => {
      if (worker === started) stopped(new Error(`the drawing thread stopped (exit code ${code})`));
    });
    worker = started;
    return started;
  }

  function ask(request: Asked) {
    const thread = running();
    const id = (nextId += 1);
    return new Promise<DrawingAnswer>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      thread.ref();
      try {
        thread.postMessage({ ...request, id } satisfies DrawingRequest);
      } catch (error) {
        // Not sent (what the card shows could not be copied): nothing to wait for.
        waiting.delete(id);
        if (waiting.size === 0) thread.unref();
        reject(error as Error);
      }
    }).then((answer) => {
      if (answer.error !== undefined) throw new Error(answer.error);
      return answer;
    });
  }

  return {
    /** The card as share-card.ts draws it, drawn on the thread. */
    async draw(content: ShareCardContent): Promise<Buffer> {
      const { png } = await ask({ kind: 'draw', content });
      return Buffer.from(png!.buffer, png!.byteOffset, png!.byteLength);
    },
    /** Measures the letters names are made of, on the thread, before the first card needs them. */
    async measureAlphabet(): Promise<void> {
      await ask({ kind: 'measure' });
    },
  };
}

/** The process's drawing thread, shared by every app the process holds (the tests' instances). */
export const drawing = drawingThread();
