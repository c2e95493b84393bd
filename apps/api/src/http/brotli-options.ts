import zlib from 'node:zlib';

/**
 * Brotli as every dynamic answer is compressed (ADR 014): quality 4, about a millisecond for a
 * 100 KB page (higher levels cost two to ten times that for a few per cent fewer bytes), and a
 * 256 KB window. Brotli's default window (4 MB) makes each compressor allocate megabytes of
 * native memory that V8 counts as external: sixteen pages compressed at once crossed V8's
 * external-memory limit and set off a full garbage collection several times a second, which
 * took a whole core at 130 pages/s. Every page and JSON answer fits the smaller window, so
 * nothing is lost in size.
 */
export const brotliParams = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
} as const;
