import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  type ContentEncoding,
  compressBody,
  compressionThresholdBytes,
  contentEncodings,
  negotiateEncoding,
} from './compression';

/** A JSON answer as sent: the bytes, its compressed forms when it is worth compressing, and an ETag. */
export interface CachedAnswer {
  /**
   * The answer for a client that takes none of `encoded`. The board's is a getter that puts it together on first
   * use: browsers take gzip, and copying 1.5 MB at every change of a busy board was a tenth of the server's time.
   */
  readonly body: Buffer;
  /** body.byteLength, known without putting the body together. */
  readonly bodyBytes: number;
  /** Compressed once when the answer is built, rather than on every request that sends it. */
  encoded: Partial<Record<ContentEncoding, Buffer>>;
  /** Weak: the same answer is sent in several content codings, which a strong validator must tell apart. */
  etag: string;
}

export type BuiltAnswer =
  | {
      value: unknown;
      /** Epoch ms after which the answer is stale even at the same version (something in it expires by time). */
      staleAt?: number | undefined;
    }
  /** An answer the builder serialized and compressed itself (the board: see modules/tasks/service/board-model.ts). */
  | { answer: CachedAnswer; staleAt?: undefined };

export interface AnswerCache {
  /**
   * The answer for `key` in the state named `version`. The caller reads `version` from the database *before* `build`
   * reads the data, so an answer built from newer data than its version is at worst rebuilt once more, never served
   * stale. Concurrent callers asking for the same key and version share one build.
   */
  get(key: string, version: string, build: () => Promise<BuiltAnswer>): Promise<CachedAnswer>;
  /** Bytes of answers held (the bound the tests check). */
  readonly bytes: number;
}

interface Entry {
  version: string;
  answer: CachedAnswer;
  staleAt: number;
}

interface Build {
  version: string;
  promise: Promise<CachedAnswer>;
}

/** Weak: the same answer is sent in several content codings, which a strong validator must tell apart. */
export function etagOf(body: Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

function toAnswer(built: BuiltAnswer): CachedAnswer {
  if ('answer' in built) return built.answer;
  const body = Buffer.from(JSON.stringify(built.value), 'utf8');
  const encoded =
    body.byteLength < compressionThresholdBytes
      ? {}
      : { br: compressBody(body, 'br'), gzip: compressBody(body, 'gzip') };
  return { body, bodyBytes: body.byteLength, encoded, etag: etagOf(body) };
}

function sizeOf(answer: CachedAnswer): number {
  return answer.bodyBytes + (answer.encoded.br?.byteLength ?? 0) + (answer.encoded.gzip?.byteLength ?? 0);
}

/**
 * Serialized answers of expensive reads (long lists), in memory, least recently used dropped first once
 * `maxBytes` is reached. Each instance keeps its own; correctness across instances comes from the version, which
 * lives in the database, not from any message between instances.
 */
export function createAnswerCache({ maxBytes }: { maxBytes: number }): AnswerCache {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently used first.
  const entries = new Map<string, Entry>();
  const builds = new Map<string, Build>();
  let bytes = 0;

  function forget(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= sizeOf(entry.answer);
  }

  function remember(key: string, entry: Entry): void {
    forget(key);
    // One answer may not push out everything else.
    if (sizeOf(entry.answer) > maxBytes / 4) return;
    entries.set(key, entry);
    bytes += sizeOf(entry.answer);
    for (const [oldestKey] of entries) {
      if (bytes <= maxBytes) break;
      forget(oldestKey);
    }
  }

  function startBuild(key: string, version: string, build: () => Promise<BuiltAnswer>): Promise<CachedAnswer> {
    const promise = build().then(
      (built) => {
        const answer = toAnswer(built);
        const { staleAt } = built;
        // Only the newest build for a key is kept: an older one finishing late would hold back a newer answer.
        if (builds.get(key)?.promise === promise) {
          builds.delete(key);
          remember(key, { version, answer, staleAt: staleAt ?? Number.POSITIVE_INFINITY });
        }
        return answer;
      },
      (err: unknown) => {
        if (builds.get(key)?.promise === promise) builds.delete(key);
        throw err;
      },
    );
    builds.set(key, { version, promise });
    return promise;
  }

  return {
    get(key, version, build) {
      const entry = entries.get(key);
      if (entry && entry.version === version && Date.now() < entry.staleAt) {
        entries.delete(key);
        entries.set(key, entry);
        return Promise.resolve(entry.answer);
      }
      const running = builds.get(key);
      if (running && running.version === version) return running.promise;
      return startBuild(key, version, build);
    },
    get bytes() {
      return bytes;
    },
  };
}

/** The documented answer to an If-None-Match naming the current ETag: no body. */
export const notModified = z.null().describe('Not modified: the ETag sent in If-None-Match is still current');

function opaqueTag(tag: string): string {
  return tag.trim().replace(/^W\//, '');
}

/** Whether the request's If-None-Match names this ETag (or `*`), compared weakly as RFC 9110 has it for GET. */
function matches(req: FastifyRequest, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map(opaqueTag)
    .some((tag) => tag === opaqueTag(etag) || tag === '*');
}

/**
 * Sends a cached JSON answer, or 304 when the client already holds it. `private, no-cache` lets the browser keep
 * the answer and ask again with If-None-Match, so a refetch that finds nothing changed moves no body.
 */
export function sendAnswer(req: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  reply.header('etag', answer.etag).header('cache-control', 'private, no-cache');
  if (matches(req, answer.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const available = contentEncodings.filter((coding) => answer.encoded[coding] !== undefined);
  if (available.length === 0) return reply.send(answer.body);
  reply.header('vary', 'accept-encoding');
  const encoding = negotiateEncoding(req.headers['accept-encoding'], available);
  const encoded = encoding === undefined ? undefined : answer.encoded[encoding];
  if (encoding === undefined || encoded === undefined) return reply.send(answer.body);
  return reply.header('content-encoding', encoding).send(encoded);
}
