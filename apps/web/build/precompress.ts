import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a compressed copy saves less than its own headers cost. */
const minBytes = 1024;
const textFile = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `file.br` (quality 11) and `file.gz` (level 9) beside `file`, unless compressing does not shrink it. */
async function precompressFile(file: string): Promise<number> {
  const bytes = await fs.readFile(file);
  if (bytes.byteLength < minBytes) return 0;
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
    }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  let written = 0;
  for (const [suffix, copy] of [
    ['.br', br],
    ['.gz', gz],
  ] as const) {
    if (copy.byteLength >= bytes.byteLength) continue;
    await fs.writeFile(`${file}${suffix}`, copy);
    written += 1;
  }
  return written;
}

/**
 * Brotli and gzip copies of every text file over 1 KB in the build output, made once at build time at the
 * highest levels, so the server sends them (@fastify/static `preCompressed`) without compressing per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'deckhand-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await listFiles(outDir)).filter((file) => textFile.test(file));
      const counts = await Promise.all(files.map(precompressFile));
      const written = counts.reduce((sum, n) => sum + n, 0);
      this.info(`wrote ${written} compressed copies of ${files.length} text files`);
    },
  };
}
