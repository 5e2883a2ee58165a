import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStorage } from '../../src/platform/storage/storage';

export interface StorageUnderTest {
  storage: ObjectStorage;
  /** What failed puts left beside the objects, where list() does not look: partial files, multipart uploads. */
  leftovers(): Promise<string[]>;
  close(): Promise<void>;
}

export const mib = 1024 * 1024;

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

/**
 * A body that sends `bytes` a chunk at a time, as a network does, and then fails: a dropped upload, or a size limit
 * hit. (Sent at once, the bytes would be dropped with the failing stream's buffer before a driver read them.)
 */
export function failingAfter(bytes: number, chunkSize = 256 * 1024): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) {
        this.destroy(new Error('the client went away'));
        return;
      }
      const size = Math.min(chunkSize, bytes - sent);
      sent += size;
      this.push(Buffer.alloc(size, 1));
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

    it('says it can be written to', async () => {
      await expect(storage.check()).resolves.toBeUndefined();
    });

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
      const a = Array.from({ length: 20 }, (_, i) => `listing/a/${String(i).padStart(2, '0')}`);
      const b = Array.from({ length: 8 }, (_, i) => `listing/b/deep/${i}.bin`);
      const other = 'listing-other/x';
      await Promise.all([...a, ...b, other].map((key) => storage.put(key, Readable.from([Buffer.from(key)]))));
      expect(await keysUnder(storage, 'listing/a/')).toEqual(a);
      expect(await keysUnder(storage, 'listing/b/')).toEqual(b);
      expect(await keysUnder(storage, 'listing/')).toEqual([...a, ...b].sort());
      expect(await keysUnder(storage, 'listing/a/1')).toEqual(a.slice(10));
      expect(await keysUnder(storage, 'listing')).toEqual([...a, ...b, other].sort());
      expect(await keysUnder(storage, 'listing/c')).toEqual([]);
      for await (const object of storage.list('listing/b/')) {
        expect(object.size).toBe(Buffer.byteLength(object.key));
      }
    });

    // 1 MiB fails before S3 would start a multipart upload; 10 MiB fails after its first part is stored.
    it.each([1, 10])('keeps nothing of a body that fails after %i MiB', async (mibs) => {
      const key = `failed/after-${mibs}`;
      await expect(storage.put(key, failingAfter(mibs * mib))).rejects.toThrow('the client went away');
      expect(await storage.stat(key)).toBeUndefined();
      expect(await keysUnder(storage, 'failed/')).toEqual([]);
      expect(await under.leftovers()).toEqual([]);
    });

    it('takes keys of up to 512 characters', async () => {
      const longest = `${`${'a'.repeat(100)}/`.repeat(5)}${'b'.repeat(7)}`;
      expect(longest).toHaveLength(512);
      expect(await storage.put(longest, Readable.from([Buffer.from('x')]))).toEqual({ size: 1 });
      await expect(storage.put(`${longest}c`, Readable.from([Buffer.from('x')]))).rejects.toThrow(/not a storage key/);
    });

    it.each(['../escape', 'a//b', '/absolute', 'a/./b', 'a/../b', 'back\\slash', '', 'spaced name'])(
      'refuses the key %j',
      async (key) => {
        await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(/not a storage key/);
        await expect(storage.get(key)).rejects.toThrow(/not a storage key/);
        await expect(storage.stat(key)).rejects.toThrow(/not a storage key/);
        await expect(storage.delete(key)).rejects.toThrow(/not a storage key/);
      },
    );

    it.each(['../', '/', 'a//', '..'])('refuses to list under %j', async (prefix) => {
      await expect(keysUnder(storage, prefix)).rejects.toThrow(/not a storage key/);
    });
  });
}
