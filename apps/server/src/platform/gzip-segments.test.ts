import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Piece } from './crc32-combine';
import { deflateSegment, gzipOfSegments } from './gzip-segments';

function gzipOf(pieces: string[]): { body: Buffer; gzip: Buffer } {
  const raws = pieces.map((piece) => Buffer.from(piece, 'utf8'));
  const body = Buffer.concat(raws);
  return {
    body,
    gzip: gzipOfSegments(
      raws.map(crc32Piece),
      raws.map((raw) => deflateSegment(raw)),
    ),
  };
}

describe('gzipOfSegments', () => {
  it('makes a gzip file whose content is the pieces in order', () => {
    const pieces = Array.from({ length: 40 }, (_, i) => `{"id":${i},"title":"Task number ${i} — ünïcode"},`.repeat(50));
    const { body, gzip } = gzipOf(pieces);
    expect(gunzipSync(gzip).equals(body)).toBe(true);
    expect(gzip.byteLength).toBeLessThan(body.byteLength / 5);
  });

  it('reuses a piece compressed for another body', () => {
    const shared = deflateSegment(Buffer.from('middle '.repeat(100)));
    const body = Buffer.from(`start ${'middle '.repeat(100)}end`);
    const gzip = gzipOfSegments(
      [crc32Piece(body)],
      [deflateSegment(Buffer.from('start ')), shared, deflateSegment(Buffer.from('end'))],
    );
    expect(gunzipSync(gzip).toString()).toBe(body.toString());
  });

  it('makes a piece that refers back into the one before it, smaller and still exact', () => {
    const before = Buffer.from('{"id":"01a216f0-9d0d-76c2","title":"Task number 1"},'.repeat(20));
    const piece = Buffer.from('{"id":"01a216f0-9d0d-76c2","title":"Task number 2"},'.repeat(20));
    const primed = deflateSegment(piece, before);
    expect(primed.byteLength).toBeLessThan(deflateSegment(piece).byteLength);
    const body = Buffer.concat([before, piece]);
    expect(
      gunzipSync(gzipOfSegments([before, piece].map(crc32Piece), [deflateSegment(before), primed])).equals(body),
    ).toBe(true);
  });

  it('keeps a piece in memory of about its own size, not in zlib’s 16 KB output chunk', () => {
    const piece = deflateSegment(Buffer.from('{"id":1,"title":"Task"},'.repeat(200)));
    expect(piece.byteLength).toBeLessThan(1024);
    // At most a slab of Buffer's pool, which small buffers share.
    expect(piece.buffer.byteLength).toBeLessThanOrEqual(Buffer.poolSize);
  });

  it('handles empty pieces and an empty body', () => {
    expect(gunzipSync(gzipOf(['', 'a', '']).gzip).toString()).toBe('a');
    expect(gunzipSync(gzipOf([]).gzip).byteLength).toBe(0);
  });
});
