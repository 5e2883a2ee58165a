import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DeflateThread, deflateSegments, type SegmentToDeflate } from './deflate-thread';
import { deflateSegment } from './gzip-segments';

/** Text that compresses as a board's does: repeated keys, varying values. */
function tasks(count: number, seed: number): Buffer {
  const items = Array.from(
    { length: count },
    (_, i) =>
      `{"id":"${seed}-${i}","title":"Task ${i * seed}","status_id":"s${i % 3}","random":"${randomBytes(4).toString('hex')}"}`,
  );
  return Buffer.from(items.join(','));
}

function segmentsOf(texts: Buffer[]): SegmentToDeflate[] {
  return texts.map((raw, i) => ({ raw, after: i === 0 ? undefined : texts[i - 1] }));
}

const inPlace = (segments: readonly SegmentToDeflate[]) => segments.map((s) => deflateSegment(s.raw, s.after));

describe('deflateSegments', () => {
  it('makes the same bytes as deflateSegment, each after the text it follows', async () => {
    const texts = Array.from({ length: 40 }, (_, i) => tasks(16, i));
    const segments = segmentsOf(texts);
    expect(await deflateSegments(segments)).toEqual(inPlace(segments));
  });

  it('handles empty texts, a text after itself, and a text to follow beyond the window', async () => {
    const long = tasks(1_000, 7);
    expect(long.byteLength).toBeGreaterThan(64 * 1024);
    const short = tasks(3, 1);
    const segments: SegmentToDeflate[] = [
      { raw: Buffer.alloc(0) },
      { raw: short, after: Buffer.alloc(0) },
      { raw: short, after: short },
      { raw: short, after: long },
      { raw: long, after: long },
      { raw: Buffer.alloc(0), after: short },
    ];
    expect(await deflateSegments(segments)).toEqual(inPlace(segments));
    expect(await deflateSegments([])).toEqual([]);
  });

  it('answers batches sent together, each with its own', async () => {
    const batches = Array.from({ length: 8 }, (_, b) =>
      segmentsOf(Array.from({ length: 5 }, (_, i) => tasks(4, b * 10 + i))),
    );
    const answers = await Promise.all(batches.map((batch) => deflateSegments(batch)));
    expect(answers).toEqual(batches.map(inPlace));
  });

  it('gives each piece memory of about its own size, not its batch', async () => {
    const pieces = await deflateSegments(segmentsOf(Array.from({ length: 30 }, (_, i) => tasks(16, i))));
    for (const piece of pieces) expect(piece.buffer.byteLength).toBeLessThanOrEqual(Buffer.poolSize);
  });
});

describe('DeflateThread', () => {
  it('deflates in place when its thread fails', async () => {
    const thread = new DeflateThread({ program: 'process.exit(3)' });
    const segments = segmentsOf([tasks(10, 1), tasks(10, 2)]);
    expect(await thread.deflate(segments)).toEqual(inPlace(segments));
    expect(await thread.deflate(segments)).toEqual(inPlace(segments));
    expect(thread.running).toBe(false);
  });

  it('fills memory a batch used before with the next batch, which deflates only its own texts', async () => {
    const thread = new DeflateThread();
    const large = segmentsOf(Array.from({ length: 30 }, (_, i) => tasks(16, i)));
    const small = segmentsOf([tasks(5, 101), tasks(5, 102)]);
    expect(await thread.deflate(large)).toEqual(inPlace(large));
    // In memory that still holds the large batch's texts beyond its own.
    expect(await thread.deflate(small)).toEqual(inPlace(small));
    const again = segmentsOf(Array.from({ length: 30 }, (_, i) => tasks(16, 200 + i)));
    expect(await thread.deflate(again)).toEqual(inPlace(again));
  });

  it('stops its thread when idle, and starts one again for the next batch', async () => {
    const thread = new DeflateThread({ idleMs: 20 });
    const segments = segmentsOf([tasks(10, 3)]);
    expect(await thread.deflate(segments)).toEqual(inPlace(segments));
    expect(thread.running).toBe(true);
    await expect.poll(() => thread.running, { interval: 10, timeout: 5_000 }).toBe(false);
    expect(await thread.deflate(segments)).toEqual(inPlace(segments));
  });
});
