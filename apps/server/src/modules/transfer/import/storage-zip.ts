import { PassThrough, type Readable } from 'node:stream';
import { transferLimits } from '@deckhand/contract/transfer';
import yauzl, { type Entry, RandomAccessReader, type ZipFile } from 'yauzl';
import type { ObjectStorage } from '../../../platform/storage/storage';
import { ImportRefusal } from './refusal';

/**
 * Reads a zip in storage by byte ranges (yauzl reads the central directory at the end first, then each entry
 * where it starts), so a zip of any size is never held whole, and S3 works as the local disk does.
 */
class StorageReader extends RandomAccessReader {
  private readonly storage: ObjectStorage;
  private readonly key: string;

  constructor(storage: ObjectStorage, key: string) {
    super();
    this.storage = storage;
    this.key = key;
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    if (end <= start) {
      out.end();
      return out;
    }
    this.storage.get(this.key, { start, end: end - 1 }).then(
      (object) => {
        if (!object) out.destroy(new Error('the uploaded file is gone'));
        else object.body.on('error', (err) => out.destroy(err)).pipe(out);
      },
      (err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))),
    );
    return out;
  }
}

export interface ZipArchive {
  /** Entries by name. */
  entries: Map<string, Entry>;
  open(entry: Entry): Promise<Readable>;
  close(): void;
}

/** Bit 11 of the flags says the name is UTF-8; zips without it use code page 437, which is ASCII for our names. */
function nameOf(entry: Entry): string {
  const raw = entry.fileName as unknown as Buffer | string;
  if (typeof raw === 'string') return raw;
  return raw.toString((entry.generalPurposeBitFlag & 0x800) !== 0 ? 'utf8' : 'latin1');
}

function checkName(name: string, seen: Set<string>): void {
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.includes('\\')) {
    throw new ImportRefusal(`The zip holds an entry with an absolute path (“${name}”): it is not an export.`);
  }
  if (name.split('/').some((segment) => segment === '..')) {
    throw new ImportRefusal(`The zip holds an entry that escapes its folder (“${name}”): it is not an export.`);
  }
  if (seen.has(name)) throw new ImportRefusal(`The zip holds “${name}” twice: it is not an export.`);
  seen.add(name);
}

/**
 * Opens the zip and checks every entry in its central directory before anything is unpacked: names that are
 * absolute, escape their folder or repeat, and a zip bomb (entries that would unpack to more than
 * `unpackedMaxFactor` × IMPORT_MAX_BYTES in all, or any entry compressed more than 200:1). The sizes checked are
 * those the zip declares; yauzl refuses an entry whose data turns out longer than declared.
 */
export async function openStorageZip(storage: ObjectStorage, key: string, maxBytes: number): Promise<ZipArchive> {
  const info = await storage.stat(key);
  if (!info) throw new Error('the uploaded file is gone');
  let zip: ZipFile;
  try {
    zip = await yauzl.fromRandomAccessReaderPromise(new StorageReader(storage, key), info.size, {
      lazyEntries: true,
      autoClose: false,
      // Names are decoded and checked below, with messages a person can act on (yauzl's own check would refuse
      // a `../` name with a message of its own).
      decodeStrings: false,
      validateEntrySizes: true,
    });
  } catch (err) {
    throw new ImportRefusal(`This is not a zip file that can be read (${err instanceof Error ? err.message : err}).`);
  }
  const entries = new Map<string, Entry>();
  const seen = new Set<string>();
  let unpacked = 0;
  const unpackedMax = transferLimits.unpackedMaxFactor * maxBytes;
  try {
    for await (const entry of zip.eachEntry()) {
      const name = nameOf(entry);
      checkName(name, seen);
      if (name.endsWith('/')) continue;
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (ratio > transferLimits.entryMaxRatio) {
        throw new ImportRefusal(
          `“${name}” is compressed more than ${transferLimits.entryMaxRatio}:1 (a zip bomb): nothing was imported.`,
        );
      }
      unpacked += entry.uncompressedSize;
      if (unpacked > unpackedMax) {
        throw new ImportRefusal('The zip would unpack to far more than it holds (a zip bomb): nothing was imported.');
      }
      if (entry.isEncrypted()) throw new ImportRefusal(`“${name}” is encrypted: export the project again.`);
      entries.set(name, entry);
    }
  } catch (err) {
    zip.close();
    if (err instanceof ImportRefusal) throw err;
    throw new ImportRefusal(`The zip could not be read (${err instanceof Error ? err.message : err}).`);
  }
  return {
    entries,
    open: (entry) => zip.openReadStreamPromise(entry),
    close: () => zip.close(),
  };
}
