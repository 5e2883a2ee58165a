import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { ObjectStorage } from './storage';

export interface StoredBlob {
  /** Lower-case hex SHA-256 of the bytes: the blob's address. */
  sha256: string;
  size: number;
}

/**
 * Content-addressed blobs (report screenshots and replays): the same bytes are stored once, under their SHA-256,
 * as `ab/cd/abcd…` in the storage (which on disk is where the old file store kept them, DATA_DIR/files/ab/cd/…).
 */
export interface BlobStore {
  put(data: Uint8Array): Promise<StoredBlob>;
  /** The bytes, or undefined when nothing is stored under that digest. */
  get(sha256: string): Promise<Buffer | undefined>;
  /**
   * Removes the bytes (nothing happens when none are stored). The same bytes are stored once for everyone who
   * put them, so a caller deletes only digests that no row anywhere still names (the reports area is the only
   * user of blobs).
   */
  delete(sha256: string): Promise<void>;
}

const digestPattern = /^[0-9a-f]{64}$/;

function keyOf(sha256: string): string {
  return `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
}

export function createBlobStore(storage: ObjectStorage): BlobStore {
  return {
    async put(data) {
      const sha256 = createHash('sha256').update(data).digest('hex');
      const stored = { sha256, size: data.byteLength };
      if (await storage.stat(keyOf(sha256))) return stored;
      await storage.put(keyOf(sha256), Readable.from([Buffer.from(data)]));
      return stored;
    },
    async get(sha256) {
      // The digest comes from a row, but is checked anyway: it becomes a key.
      if (!digestPattern.test(sha256)) return undefined;
      const object = await storage.get(keyOf(sha256));
      return object ? buffer(object.body) : undefined;
    },
    async delete(sha256) {
      if (!digestPattern.test(sha256)) return;
      await storage.delete(keyOf(sha256));
    },
  };
}
