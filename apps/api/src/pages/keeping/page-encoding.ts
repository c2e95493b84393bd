import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { brotliParams } from '../../http/brotli-options.ts';

const unbrotli = promisify(zlib.brotliDecompress);
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export type PageEncoding = 'br' | 'gzip' | 'identity';

const negotiator = new Negotiator<PageEncoding>({ supportedValues: ['br', 'gzip', 'identity'] });

/** The encoding a page goes out in: brotli, else gzip, else none (a missing header means any). */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding {
  if (!acceptEncoding) return 'identity';
  return negotiator.negotiate(acceptEncoding) ?? 'identity';
}

/**
 * Brotli quality by who waits for the page. A visitor's request: quality 3, 0.7 ms of CPU for a
 * 75 KB home page where quality 4 (ADR 014) took 1.6 ms, for 9 % more bytes (15.6 KB against
 * 14.4). The regeneration, which stores profiles' pages while nobody waits: quality 5, 7 % fewer
 * bytes than 4 for every later visit. A kept page served again and again (page-recompression.ts):
 * quality 10, a home page 11.4 KB against 15.2 at 3 (25 ms of CPU), a profile 4.2 KB against 5.2
 * (7 ms); quality 11 saves 3 % more for three times the CPU.
 */
const PAGE_QUALITY = { request: 3, background: 5, repeated: 10 } as const;

function pageBrotli(bytes: Buffer, waiting: keyof typeof PAGE_QUALITY): zlib.BrotliOptions {
  return {
    params: {
      ...brotliParams,
      [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_QUALITY[waiting],
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  };
}

/**
 * A page's HTML, compressed once for keeping. On the main thread: handing a page to libuv's
 * pool cost more CPU in all (setting up the compressor on the main thread), and a first render
 * is bound by the machine's CPU, not by its main thread.
 */
export function compressPage(html: string, waiting: 'request' | 'background'): Buffer {
  const bytes = Buffer.from(html);
  return zlib.brotliCompressSync(bytes, pageBrotli(bytes, waiting));
}

/** A kept page compressed again at the quality of a page served again and again, in zlib's pool. */
export async function compressPageAgain(brotliBytes: Buffer): Promise<Buffer> {
  const html = await unbrotli(brotliBytes);
  return brotli(html, pageBrotli(html, 'repeated'));
}

/** The kept page for a client without brotli: gzip, or the HTML itself. */
export async function recodePage(brotliBytes: Buffer, to: 'gzip' | 'identity'): Promise<Buffer> {
  const html = await unbrotli(brotliBytes);
  return to === 'identity' ? html : gzip(html, { level: 6 });
}
