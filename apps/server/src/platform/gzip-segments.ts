import { constants, deflateRawSync } from 'node:zlib';
import { type Crc32Piece, crc32Append } from './crc32-combine';

/**
 * A gzip body made of pieces compressed one by one, so that an answer that changes in a few places is compressed
 * again only there. Each piece ends with a full flush: the compressor's window starts empty again, so no piece
 * refers back into another, and their concatenation is one valid deflate stream (pigz works the same way). The
 * cost is a slightly larger body than one compressed whole, unless each piece may refer back into the one before
 * it (`deflateSegment`'s `after`).
 */

/** The same level as the on-the-fly compression (compression.ts). */
export const gzipLevel = 6;

/** The deflate window: how far back a piece may refer. */
export const windowBytes = 32 * 1024;

/**
 * `raw` deflated on its own, ready to be placed in a body made by `gzipOfSegments`: anywhere, or, given `after`,
 * right after those bytes only — it may then refer back into them, as the decompressor has just written them,
 * which makes a body of pieces nearly as small as one compressed whole.
 */
export function deflateSegment(raw: Buffer, after?: Buffer): Buffer {
  const dictionary = after && after.byteLength > 0 ? after.subarray(-windowBytes) : undefined;
  return ownCopy(
    deflateRawSync(raw, {
      level: gzipLevel,
      finishFlush: constants.Z_FULL_FLUSH,
      ...(dictionary && { dictionary }),
    }),
  );
}

/**
 * `bytes`, in memory of its own size. zlib's synchronous calls answer a view into their 16 KB output chunk: a piece
 * of a few hundred bytes, kept as long as its board, held all 16 KB (5.5 MB for a board of 5,000 tasks).
 */
export function ownCopy(bytes: Buffer): Buffer {
  return bytes.buffer.byteLength > 2 * bytes.byteLength ? Buffer.from(bytes) : bytes;
}

// ID1 ID2, deflate, no flags, no modification time, no extra flags, unknown OS (RFC 1952 §2.3).
const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block: what ends the stream after the last segment's flush. */
const finalBlock = deflateRawSync(Buffer.alloc(0));

/**
 * The gzip file of the text whose pieces have the checksums `pieces`, in order, given the deflated segments that
 * make up the same text. The text itself is never put together or read here: its checksum is joined from the
 * pieces' own (crc32-combine.ts).
 */
export function gzipOfSegments(pieces: readonly Crc32Piece[], deflated: readonly Buffer[]): Buffer {
  let checksum = 0;
  let length = 0;
  for (const piece of pieces) {
    checksum = crc32Append(checksum, piece);
    length += piece.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(checksum, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([gzipHeader, ...deflated, finalBlock, trailer]);
}
