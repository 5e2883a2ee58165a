import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { reportLimits } from '@deckhand/contract/reports';
import { AppError } from '../../../platform/errors';

type Decoder = (data: Buffer, options: { maxOutputLength: number }) => Promise<Buffer>;

// The asynchronous forms run in libuv's pool, so a large body does not stall other requests.
const gunzip: Decoder = promisify(zlib.gunzip);
const decoders: Record<string, Decoder> = {
  gzip: gunzip,
  'x-gzip': gunzip,
  deflate: promisify(zlib.inflate),
  br: promisify(zlib.brotliDecompress),
};

/**
 * The envelope bytes of a request body, decompressed per Content-Encoding. Decompression stops at
 * the envelope limit, so a small gzip bomb cannot expand into memory.
 * @throws reports/invalid-envelope (no body, corrupt compression) · request/too-large ·
 *   reports/unsupported-encoding
 */
export async function decodeBody(body: unknown, contentEncoding: string | undefined): Promise<Buffer> {
  if (!Buffer.isBuffer(body) || body.length === 0) {
    throw new AppError('reports/invalid-envelope', 'The request has no envelope');
  }
  const encoding = (contentEncoding ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity' || encoding === '') return body;
  const decode = decoders[encoding];
  if (!decode) {
    throw new AppError('reports/unsupported-encoding', `Content-Encoding ${encoding.slice(0, 40)} is not supported`);
  }
  try {
    return await decode(body, { maxOutputLength: reportLimits.envelopeBytes });
  } catch (err) {
    if (err instanceof RangeError) {
      throw new AppError('request/too-large', 'The envelope is too large once decompressed', { cause: err });
    }
    throw new AppError('reports/invalid-envelope', `The body is not valid ${encoding}`, { cause: err });
  }
}
