import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Append, crc32Piece, crc32Shift } from './crc32-combine';

describe('crc32Append', () => {
  it('gives the CRC-32 of pieces joined, as zlib computes it over the whole', () => {
    const lengths = [0, 1, 2, 3, 7, 8, 255, 256, 4_321, 0, 65_536, 100_003, 1];
    const pieces = lengths.map((length) => randomBytes(length));
    let crc = 0;
    for (const piece of pieces) crc = crc32Append(crc, crc32Piece(piece));
    expect(crc).toBe(crc32(Buffer.concat(pieces)));
  });

  it('joins any two pieces, whatever came before', () => {
    for (let i = 0; i < 200; i += 1) {
      const a = randomBytes(i * 37);
      const b = randomBytes((i * 101) % 5_000);
      expect(crc32Append(crc32(a), crc32Piece(b))).toBe(crc32(Buffer.concat([a, b])));
    }
  });

  it('leaves a CRC as it is after an empty piece', () => {
    expect(crc32Shift(0)).toBe(0x80000000);
    expect(crc32Append(0x12345678, crc32Piece(Buffer.alloc(0)))).toBe(0x12345678);
  });

  it('refuses what is not a length', () => {
    expect(() => crc32Shift(-1)).toThrow(RangeError);
    expect(() => crc32Shift(1.5)).toThrow(RangeError);
  });
});
