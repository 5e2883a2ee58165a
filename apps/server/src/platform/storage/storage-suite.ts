import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStorage } from './storage';

export interface StorageUnderTest {
  storage: ObjectStorage;
  close(): Promise<void>;
}

const mib = 1024 * 1024;

/** Bytes that differ at every offset, so a range or a part in the wrong place shows. */
function pattern(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + (i >> 10)) & 0xff;
  return bytes;
}

/** `data` a chunk at a time, as an upload arrives. */
function chunked(data: Buffer, chunkSize = 256 * 1024): Readable {
  let offset = 0;
  return new Readable({
    read() {
      if (offset >= data.length) return this.push(null);
      this.push(data.subarray(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

/** A body that sends `bytes` and then fails: a dropped upload, or a size limit hit. */
function failingAfter(bytes: number): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(Buffer.alloc(bytes, 1));
        return;
      }
      this.destroy(new Error('the client went away'));
    },
  });
}

async function keysUnder(storage: ObjectStorage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(prefix)) keys.push(object.key);
  return keys.sort();
}

/** The behaviour every storage driver promises (storage.ts), run for each (local.test.ts, s3.test.ts). */
export function describeStorage(name: string, start: () => Promise<StorageUnderTest>): void {
  describe(`${name} storage`, () => {
    let under: StorageUnderTest;
    let storage: ObjectStorage;
    beforeAll(async () => {
      under = await start();
      storage = under.storage;
    });
    afterAll(() => under.close());

    it('streams a file bigger than a multipart part in and out whole', async () => {
      const data = pattern(12 * mib);
      expect(await storage.put('big/file', chunked(data), { contentType: 'application/octet-stream' })).toEqual({
        size: data.length,
      });
      const object = await storage.get('big/file');
      expect(object?.size).toBe(data.length);
      expect((await buffer(object?.body ?? Readable.from([]))).equals(data)).toBe(true);
      const info = await storage.stat('big/file');
      expect(info).toMatchObject({ key: 'big/file', size: data.length });
      expect(Math.abs((info?.lastModified.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    });

    it('reads byte ranges: the first byte, the middle, the last byte', async () => {
      const data = pattern(100_000);
      await storage.put('ranges/one', chunked(data, 4096));
      for (const [start, end] of [
        [0, 0],
        [1000, 54_321],
        [99_999, 99_999],
      ] as const) {
        const object = await storage.get('ranges/one', { start, end });
        expect(object?.size).toBe(data.length);
        expect((await buffer(object?.body ?? Readable.from([]))).equals(data.subarray(start, end + 1))).toBe(true);
      }
    });

    it('stores an empty object, and replaces an object put again', async () => {
      expect(await storage.put('replace/me', Readable.from([]))).toEqual({ size: 0 });
      expect((await storage.stat('replace/me'))?.size).toBe(0);
      await storage.put('replace/me', Readable.from([Buffer.from('second')]));
      const object = await storage.get('replace/me');
      expect((await buffer(object?.body ?? Readable.from([]))).toString()).toBe('second');
    });

    it('answers undefined for what is not there, and deleting it is fine', async () => {
      expect(await storage.get('nothing/here')).toBeUndefined();
      expect(await storage.stat('nothing/here')).toBeUndefined();
      await storage.delete('nothing/here');
      await storage.put('gone/soon', Readable.from([Buffer.from('x')]));
      await storage.delete('gone/soon');
      expect(await storage.stat('gone/soon')).toBeUndefined();
      expect(await keysUnder(storage, 'gone/')).toEqual([]);
    });

    it('lists exactly the objects under a prefix, also one that ends mid-name', async () => {
      const made = [];
      for (let i = 0; i < 12; i += 1) made.push(`listing/a/${String(i).padStart(2, '0')}`);
      for (let i = 0; i < 5; i += 1) made.push(`listing/b/deep/${i}.bin`);
      made.push('listing-other/x');
      await Promise.all(made.map((key) => storage.put(key, Readable.from([Buffer.from(key)]))));
      expect(await keysUnder(storage, 'listing/a/')).toEqual(made.filter((key) => key.startsWith('listing/a/')));
      expect(await keysUnder(storage, 'listing/')).toHaveLength(17);
      expect(await keysUnder(storage, 'listing/a/0')).toHaveLength(10);
      expect(await keysUnder(storage, 'listing')).toHaveLength(18);
      for await (const object of storage.list('listing/b/')) {
        expect(object.size).toBe(Buffer.byteLength(object.key));
      }
    });

    it('keeps nothing of a body that fails half-way', async () => {
      await expect(storage.put('failed/upload', failingAfter(6 * mib))).rejects.toThrow('the client went away');
      expect(await storage.stat('failed/upload')).toBeUndefined();
      expect(await keysUnder(storage, 'failed/')).toEqual([]);
    });

    it.each(['../escape', 'a//b', '/absolute', 'a/./b', 'a/../b', 'back\\slash', '', 'spaced name'])(
      'refuses the key %j',
      async (key) => {
        await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(/not a storage key/);
        await expect(storage.get(key)).rejects.toThrow(/not a storage key/);
      },
    );
  });
}
