/**
 * The share cards' drawing thread (drawing-thread.ts starts it): draws each card it is asked
 * for, with the fonts, layers and measurements it keeps for every card it draws.
 */
import { parentPort } from 'node:worker_threads';
import { drawShareCard, measureAlphabet } from './share-card.ts';
import type { DrawingAnswer, DrawingRequest } from './drawing-thread.ts';

const port = parentPort!;

/** The bytes as a Buffer over the same memory (a Buffer posted to a thread arrives as a Uint8Array). */
const bufferOf = (bytes: Uint8Array | null) =>
  bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Posts the card with its memory moved, not copied, when it has that memory to itself (the PNG
 * written into one buffer of its size); otherwise a copy that has.
 */
function postCard(id: number, png: Buffer) {
  const own =
    png.byteOffset === 0 && png.byteLength === png.buffer.byteLength ? png : new Uint8Array(png);
  try {
    port.postMessage({ id, png: own } satisfies DrawingAnswer, [own.buffer as ArrayBuffer]);
  } catch {
    // Memory a native library lent the Buffer cannot be moved: the card goes as a copy.
    port.postMessage({ id, png: new Uint8Array(png) } satisfies DrawingAnswer);
  }
}

async function answer(request: DrawingRequest): Promise<void> {
  try {
    if (request.kind === 'measure') {
      await measureAlphabet();
      port.postMessage({ id: request.id } satisfies DrawingAnswer);
      return;
    }
    const { content } = request;
    const png = await drawShareCard({
      ...content,
      logo: bufferOf(content.logo),
      banner: bufferOf(content.banner),
    });
    postCard(request.id, png);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    port.postMessage({ id: request.id, error: message } satisfies DrawingAnswer);
  }
}

port.on('message', (request: DrawingRequest) => void answer(request));
