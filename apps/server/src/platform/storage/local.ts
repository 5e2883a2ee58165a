import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, checkPrefix } from './keys';
import type { ObjectStorage, StoredObjectInfo } from './storage';

const partialSuffix = '.partial';

function isNotFound(err: unknown): boolean {
  return err instanceof Error && 'code' in err && (err.code === 'ENOENT' || err.code === 'ENOTDIR');
}

/** Objects as files under `root` (DATA_DIR/files): the key is the path below it. */
export function createLocalStorage(root: string): ObjectStorage {
  const pathOf = (key: string) => path.join(root, ...checkKey(key).split('/'));

  async function stat(key: string): Promise<StoredObjectInfo | undefined> {
    try {
      const info = await fs.stat(pathOf(key));
      return info.isFile() ? { key, size: info.size, lastModified: info.mtime } : undefined;
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /** Every file below `dir` (relative key `base`), depth first; partial writes are not objects yet. */
  async function* walk(dir: string, base: string): AsyncGenerator<StoredObjectInfo> {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
    for (const entry of entries) {
      const key = base === '' ? entry.name : `${base}/${entry.name}`;
      if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), key);
      else if (entry.isFile() && !entry.name.endsWith(partialSuffix)) {
        const info = await stat(key).catch(() => undefined);
        if (info) yield info;
      }
    }
  }

  return {
    async put(key, body: Readable) {
      const target = pathOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file and a failed write leaves none.
      const partial = `${target}.${randomUUID()}${partialSuffix}`;
      try {
        await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
        const { size } = await fs.stat(partial);
        await fs.rename(partial, target);
        return { size };
      } catch (err) {
        await fs.rm(partial, { force: true });
        throw err;
      }
    },
    async get(key, range) {
      const info = await stat(key);
      if (!info) return undefined;
      const body = createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
      return { body, size: info.size };
    },
    stat,
    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },
    async *list(prefix) {
      checkPrefix(prefix);
      // Walk from the deepest folder the prefix names whole, then keep the keys that start with it.
      const slash = prefix.lastIndexOf('/');
      const folder = slash < 0 ? '' : prefix.slice(0, slash);
      const dir = folder === '' ? root : path.join(root, ...folder.split('/'));
      for await (const info of walk(dir, folder)) {
        if (info.key.startsWith(prefix)) yield info;
      }
    },
  };
}
