import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BlobStore, createBlobStore } from './blobs';
import { createLocalStorage } from './local';

describe('blob store', () => {
  let root: string;
  let blobs: BlobStore;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-blobs-'));
    blobs = createBlobStore(createLocalStorage(root));
  });
  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  it('stores the same bytes once, under their SHA-256, and reads and deletes them', async () => {
    const data = Buffer.from('a screenshot, say');
    const first = await blobs.put(data);
    const second = await blobs.put(new Uint8Array(data));
    const sha256 = createHash('sha256').update(data).digest('hex');
    expect(first).toEqual({ sha256, size: data.length });
    expect(second).toEqual(first);
    expect((await blobs.get(sha256))?.equals(data)).toBe(true);
    await blobs.delete(sha256);
    expect(await blobs.get(sha256)).toBeUndefined();
  });

  it('finds blobs where the file store of earlier versions left them, DATA_DIR/files/ab/cd/<sha256>', async () => {
    const data = Buffer.from('stored by an older Deckhand');
    const sha256 = createHash('sha256').update(data).digest('hex');
    const file = path.join(root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, data);
    expect((await blobs.get(sha256))?.equals(data)).toBe(true);
  });

  it('answers undefined for a digest that is not one, without touching the disk', async () => {
    expect(await blobs.get('../../etc/passwd')).toBeUndefined();
    await blobs.delete('not-a-digest');
  });
});
