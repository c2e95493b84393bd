import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { brotliParams } from '../http/brotli-options.ts';

const brotli = promisify(zlib.brotliCompress);
const unbrotli = promisify(zlib.brotliDecompress);
const gzip = promisify(zlib.gzip);

export type PageEncoding = 'br' | 'gzip' | 'identity';

const negotiator = new Negotiator<PageEncoding>({ supportedValues: ['br', 'gzip', 'identity'] });

/** The encoding a page goes out in: brotli, else gzip, else none (a missing header means any). */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding {
  if (!acceptEncoding) return 'identity';
  return negotiator.negotiate(acceptEncoding) ?? 'identity';
}

/** A page's HTML, compressed once for keeping (off the main thread, on libuv's pool). */
export function compressPage(html: string): Promise<Buffer> {
  const bytes = Buffer.from(html);
  return brotli(bytes, {
    params: {
      ...brotliParams,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
}

/** The kept page for a client without brotli: gzip, or the HTML itself. */
export async function recodePage(brotliBytes: Buffer, to: 'gzip' | 'identity'): Promise<Buffer> {
  const html = await unbrotli(brotliBytes);
  return to === 'identity' ? html : gzip(html, { level: 6 });
}
