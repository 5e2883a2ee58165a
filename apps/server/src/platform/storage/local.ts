import { randomUUID } from 'node:crypto';
import { createWriteStream, type Dirent, type Stats } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, checkPrefix, isKey } from './keys';
import type { ObjectStorage, StoredObjectInfo } from './storage';

/** `<target>.<uuid>.partial`: a put under way, or one a crash cut short (the old file store named them alike). */
const partialName = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.partial$/;

function isNotFound(err: unknown): boolean {
  return err instanceof Error && 'code' in err && (err.code === 'ENOENT' || err.code === 'ENOTDIR');
}

async function statOf(file: string): Promise<Stats | undefined> {
  try {
    return await fs.stat(file);
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

async function openForReading(file: string): Promise<FileHandle | undefined> {
  try {
    return await fs.open(file, 'r');
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

/** Whether the folder `key` may hold keys that start with `prefix`. */
function folderMayMatch(key: string, prefix: string): boolean {
  return `${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`);
}

/** Every object below `dir` (whose key is `base`) that starts with `prefix`, depth first. */
async function* walk(dir: string, base: string, prefix: string): AsyncGenerator<StoredObjectInfo> {
  let entries: Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if (isNotFound(err)) return;
    throw err;
  }
  for (const entry of entries) {
    const key = base === '' ? entry.name : `${base}/${entry.name}`;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (folderMayMatch(key, prefix)) yield* walk(file, key, prefix);
      continue;
    }
    // Only what put() writes: not a write under way, nor a stray file whose name no key could have.
    if (!entry.isFile() || !key.startsWith(prefix) || partialName.test(entry.name) || !isKey(key)) continue;
    const info = await statOf(file); // undefined: deleted since the folder was read
    if (info) yield { key, size: info.size, lastModified: info.mtime };
  }
}

/** Objects as files under `root` (DATA_DIR/files): the key is the path below it. */
export function createLocalStorage(root: string): ObjectStorage {
  const pathOf = (key: string) => path.join(root, ...checkKey(key).split('/'));

  return {
    async check() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, fs.constants.W_OK);
    },
    async put(key, body: Readable) {
      const target = pathOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file and a failed write leaves none.
      const partial = `${target}.${randomUUID()}.partial`;
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
      const handle = await openForReading(pathOf(key));
      if (!handle) return undefined;
      // Size and bytes come from the one open file: a put replacing it meanwhile renames another file in place.
      try {
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return undefined;
        }
        // The stream closes the handle when it ends or is destroyed.
        return { body: handle.createReadStream(range ? { start: range.start, end: range.end } : {}), size: info.size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    async stat(key) {
      const info = await statOf(pathOf(key));
      return info?.isFile() ? { key, size: info.size, lastModified: info.mtime } : undefined;
    },
    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },
    async *list(prefix) {
      checkPrefix(prefix);
      // From the deepest folder the prefix names whole; the prefix may go on into a name (`uploads/ab`).
      const slash = prefix.lastIndexOf('/');
      const folder = slash < 0 ? '' : prefix.slice(0, slash);
      yield* walk(folder === '' ? root : path.join(root, ...folder.split('/')), folder, prefix);
    },
  };
}
