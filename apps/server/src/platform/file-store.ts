import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface StoredFile {
  /** Lower-case hex SHA-256 of the bytes: the file's address. */
  sha256: string;
  size: number;
}

/**
 * Content-addressed blobs (DESIGN.md §8): the same bytes are stored once, under their SHA-256.
 * On disk in DATA_DIR/files for one instance; an S3-compatible store can implement the same interface.
 */
export interface FileStore {
  put(data: Uint8Array): Promise<StoredFile>;
  /** The bytes, or undefined when nothing is stored under that digest. */
  get(sha256: string): Promise<Buffer | undefined>;
  /**
   * Removes the bytes (nothing happens when none are stored). The same bytes are stored once for everyone who
   * put them, so a caller deletes only digests that no row anywhere still names; today the reports area is the
   * store's only user, and an area that starts storing files must join that check.
   */
  delete(sha256: string): Promise<void>;
}

const digestPattern = /^[0-9a-f]{64}$/;

/** Files live at `<root>/ab/cd/abcd…`, so no folder grows past 65,536 entries. */
export function createLocalFileStore(root: string): FileStore {
  function pathOf(sha256: string): string {
    // The digest becomes a path: anything but 64 hex digits could walk out of the root.
    if (!digestPattern.test(sha256)) throw new Error(`not a sha256 digest: ${sha256.slice(0, 80)}`);
    return path.join(root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  return {
    async put(data) {
      const sha256 = createHash('sha256').update(data).digest('hex');
      const target = pathOf(sha256);
      const stored = { sha256, size: data.byteLength };
      if (await exists(target)) return stored;
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${target}.${randomUUID()}.partial`;
      await fs.writeFile(partial, data);
      await fs.rename(partial, target);
      return stored;
    },
    async delete(sha256) {
      if (!digestPattern.test(sha256)) return;
      await fs.rm(pathOf(sha256), { force: true });
    },
    async get(sha256) {
      if (!digestPattern.test(sha256)) return undefined;
      try {
        return await fs.readFile(pathOf(sha256));
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch (err) {
    if (isNotFound(err)) return false;
    throw err;
  }
}

function isNotFound(err: unknown): boolean {
  return err instanceof Error && 'code' in err && err.code === 'ENOENT';
}
