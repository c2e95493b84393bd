import zlib from 'node:zlib';
import { brotliParams } from './brotli-options.ts';

/**
 * How dynamic answers are compressed for a client that accepts it (ADR 014): brotli or gzip,
 * over 1 KB, with Vary: Accept-Encoding. Answers up to 64 KB (every list page) in one call: the
 * plugin's default on two cores is 8 KB, above which each answer gets a zlib stream of its own,
 * and a list page of 8 to 11 KB through a stream cost the lists a third of their requests per
 * second.
 */
export const answerCompression = {
  threshold: 1024,
  syncThreshold: 65_536,
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  brotliOptions: { params: brotliParams },
};

/**
 * The directory's and the roles' list pages (8 to 25 KB of JSON, asked for at every filter
 * change): brotli quality 1 and gzip level 1. At quality 4 compressing a page cost more than
 * finding its organizations or roles; quality 1 takes about a quarter of that for some 15%
 * more bytes, a few hundred on a page.
 */
export const listCompression = {
  ...answerCompression,
  brotliOptions: { params: { ...brotliParams, [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 },
};
