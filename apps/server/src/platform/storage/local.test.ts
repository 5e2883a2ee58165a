import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeStorage } from '../../../test/support/storage-suite';
import { createLocalStorage } from './local';
import type { ObjectStorage } from './storage';

describeStorage('local disk', async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-storage-'));
  return {
    storage: createLocalStorage(root),
    async leftovers() {
      const files = await fs.readdir(root, { recursive: true });
      return files.filter((file) => file.endsWith('.partial'));
    },
    close: () => fs.rm(root, { recursive: true, force: true }),
  };
});

describe('local disk storage, on disk', () => {
  let root: string;
  let storage: ObjectStorage;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-storage-'));
    storage = createLocalStorage(root);
  });
  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  it('says it cannot be written to when its folder cannot be made', async () => {
    await fs.writeFile(path.join(root, 'a file'), 'x');
    await expect(createLocalStorage(path.join(root, 'a file', 'files')).check()).rejects.toThrow();
  });

  it('lists neither writes under way nor files that no key names', async () => {
    await storage.put('mixed/kept', Readable.from([Buffer.from('x')]));
    await storage.put('mixed/named.partial', Readable.from([Buffer.from('x')]));
    await fs.writeFile(path.join(root, 'mixed', 'kept.0b4e7a0e-5b5a-4a51-8e7d-9f3c1a2b3c4d.partial'), 'half');
    await fs.writeFile(path.join(root, 'mixed', 'dropped here by hand'), 'x');
    const keys: string[] = [];
    for await (const object of storage.list('mixed/')) keys.push(object.key);
    expect(keys.sort()).toEqual(['mixed/kept', 'mixed/named.partial']);
  });

  it('answers undefined for a folder, which is no object', async () => {
    await storage.put('folder/inside', Readable.from([Buffer.from('x')]));
    expect(await storage.get('folder')).toBeUndefined();
    expect(await storage.stat('folder')).toBeUndefined();
  });
});
