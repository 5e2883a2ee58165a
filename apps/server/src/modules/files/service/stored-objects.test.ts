import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../../platform/storage/local';
import type { ObjectStorage } from '../../../platform/storage/storage';
import { removeStoredObjectsOrThrow } from './stored-objects';

/** The store answering `delete` of `failing` keys with an error, as an unreachable or refusing bucket would. */
function failingDeletes(storage: ObjectStorage, failing: Set<string>): ObjectStorage {
  return {
    ...storage,
    async delete(key) {
      if (failing.has(key)) throw new Error(`cannot delete ${key}`);
      await storage.delete(key);
    },
  };
}

describe('removeStoredObjectsOrThrow', () => {
  let root: string;
  let storage: ObjectStorage;
  const put = (key: string) => storage.put(key, Readable.from([Buffer.from(key)]));

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-stored-objects-'));
    storage = createLocalStorage(root);
  });
  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  it('removes every object, counting those already gone as removed', async () => {
    const keys = Array.from({ length: 40 }, (_, index) => `uploads/a-${index}`);
    for (const key of keys) await put(key);
    await removeStoredObjectsOrThrow(storage, [...keys, 'uploads/never-stored']);
    for (const key of keys) expect(await storage.stat(key)).toBeUndefined();
  });

  it('tries every object, then throws while one is still stored', async () => {
    await put('uploads/b-kept');
    await put('uploads/b-gone');
    const failing = failingDeletes(storage, new Set(['uploads/b-kept']));
    await expect(removeStoredObjectsOrThrow(failing, ['uploads/b-kept', 'uploads/b-gone'])).rejects.toThrow(
      /1 of 2 stored objects/,
    );
    expect(await storage.stat('uploads/b-gone')).toBeUndefined();
    expect(await storage.stat('uploads/b-kept')).toBeDefined();
    await removeStoredObjectsOrThrow(storage, ['uploads/b-kept', 'uploads/b-gone']);
    expect(await storage.stat('uploads/b-kept')).toBeUndefined();
  });

  it('takes an error about an object that is not there as its removal', async () => {
    const failing = failingDeletes(storage, new Set(['uploads/c-absent']));
    await expect(removeStoredObjectsOrThrow(failing, ['uploads/c-absent'])).resolves.toBeUndefined();
  });
});
