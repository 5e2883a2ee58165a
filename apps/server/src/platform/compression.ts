import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { ownCopy } from './gzip-segments';

/** In the order we prefer them. */
export const contentEncodings = ['br', 'gzip'] as const;
export type ContentEncoding = (typeof contentEncodings)[number];

/** Answers smaller than this gain less from compression than the headers and CPU cost. */
export const compressionThresholdBytes = 1024;

/**
 * Text formats only. @fastify/compress would also compress octet-stream, which is how already-compressed
 * downloads (archives, stored files) are sent; images, video and fonts are compressed formats of their own.
 */
const compressibleTypes =
  /^text\/(?!event-stream)|^application\/(?:[\w.+-]+\+)?(?:json|xml)(?:;|$)|^application\/javascript/;

// Quality 4 compresses a 170 KB list in about a millisecond at a ratio close to gzip -9; 11 is for build time.
const brotliQuality = 4;
const gzipLevel = 6;

/** Compresses `body` as `encoding` with the on-the-fly settings (see answer-cache.ts, which keeps the result). */
export function compressBody(body: Buffer, encoding: ContentEncoding): Buffer {
  // Kept in the answer cache: in memory of its own size, not zlib's output chunk (see ownCopy).
  return ownCopy(
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } })
      : gzipSync(body, { level: gzipLevel }),
  );
}

const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/**
 * Quality 5 for a large answer compressed once and then sent many times: a board of 5,000 tasks (1.46 MB of JSON)
 * comes to 92 KB in about 11 ms, against 99 KB at quality 4 and 91 KB in 12 ms at 6; 7 and up gain nothing more.
 */
const restingBrotliQuality = 5;

/**
 * `parts` joined, as Brotli at a quality worth paying for once and as one gzip stream (for the browsers that take
 * no Brotli, which over plain HTTP is all of them), compressed on libuv's threads, not the main one. For answers
 * made in pieces that stand for a while (the board: see queries/board.ts).
 */
export async function compressAtRest(parts: readonly Buffer[]): Promise<{ br: Buffer; gzip: Buffer }> {
  const body = Buffer.concat(parts);
  const [br, gzipped] = await Promise.all([
    brotliCompressAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: restingBrotliQuality,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
    gzipAsync(body, { level: gzipLevel }),
  ]);
  return { br: ownCopy(br), gzip: ownCopy(gzipped) };
}

/**
 * The encoding to answer with for an Accept-Encoding header, of those `available`: Brotli when accepted, else
 * gzip, else none.
 */
export function negotiateEncoding(
  acceptEncoding: string | undefined,
  available: readonly ContentEncoding[] = contentEncodings,
): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weightOf = (encoding: ContentEncoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const best = available.filter((encoding) => weightOf(encoding) > 0);
  best.sort((a, b) => weightOf(b) - weightOf(a));
  return best[0];
}

/**
 * Compresses answers over 1 KB on the fly (Brotli, else gzip) for every route. Answers that already carry a
 * Content-Encoding pass untouched: the web app's precompressed files (web-app.ts) and cached lists
 * (answer-cache.ts). Websocket upgrades never reach it, and partial (206) answers are left alone.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    globalCompression: true,
    // Request bodies stay as sent: the error-report intake reads compressed envelopes itself, within its limits
    // before and after decompression (modules/reports/intake/read-envelope.ts).
    globalDecompression: false,
    threshold: compressionThresholdBytes,
    encodings: ['br', 'gzip'],
    customTypes: compressibleTypes,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } },
    zlibOptions: { level: gzipLevel },
  });
}
